/** Word-token F1 between two texts: lowercased, split on anything but letters and digits, as multisets. */
export function tokenF1(candidate: string, reference: string): number {
  const candidateTokens = countTokens(candidate);
  const referenceTokens = countTokens(reference);
  let overlap = 0;
  let candidateTotal = 0;
  let referenceTotal = 0;
  for (const count of referenceTokens.values()) referenceTotal += count;
  for (const [token, count] of candidateTokens) {
    candidateTotal += count;
    overlap += Math.min(count, referenceTokens.get(token) ?? 0);
  }
  if (candidateTotal === 0 || referenceTotal === 0) return candidateTotal === referenceTotal ? 1 : 0;
  const precision = overlap / candidateTotal;
  const recall = overlap / referenceTotal;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function countTokens(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (token !== '') counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  return counts;
}
