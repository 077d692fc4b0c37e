const DAY_MS = 24 * 60 * 60_000;

/** What retention may prune: what is older than `days` whole days before `now`. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
