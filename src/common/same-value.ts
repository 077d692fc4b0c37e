/** Equal as stored values: dates by instant, everything else by identity. */
export function isSameValue(a: unknown, b: unknown): boolean {
  return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
}
