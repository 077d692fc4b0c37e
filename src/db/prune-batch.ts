/**
 * One batch of retention in one table: rows older than `before`, from `from` on (where the previous
 * batch stopped; null for the oldest), at most `limit` of them.
 */
export interface PruneRequest {
  before: Date;
  from: Date | null;
  limit: number;
}

/** What a batch pruned, and where the next one starts (null: nothing is left before the cut-off). */
export interface PruneBatch {
  pruned: number;
  next: Date | null;
}

/** The next batch of ages walked oldest first: from the last age seen, or done when the batch was short. */
export function nextBatch(ages: readonly Date[], limit: number, pruned = ages.length): PruneBatch {
  return { pruned, next: ages.length < limit ? null : ages[ages.length - 1] };
}
