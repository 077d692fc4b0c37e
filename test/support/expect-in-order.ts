/** Asserts that each of `parts` occurs in `text`, first occurrences in the given order. */
export function expectInOrder(text: string, parts: readonly string[]): void {
  const positions = parts.map((part) => text.indexOf(part));
  expect(parts.filter((_, index) => positions[index] < 0)).toEqual([]);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}
