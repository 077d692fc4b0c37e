import { waitedFor } from './admin-figures';

export interface DeskCensus {
  byState: { open: number; waiting: number; closed: number };
  oldestOpenSince: Date | null;
}

/** The support desk in one line: what waits for us, for how long, and the rest. */
export function deskSummary(census: DeskCensus, now: Date): string {
  const { open, waiting, closed } = census.byState;
  const oldest = open > 0 ? ` (the oldest for ${waitedFor(census.oldestOpenSince, now)})` : '';
  return `${open} open${oldest}, ${waiting} waiting for the reader, ${closed} closed.`;
}
