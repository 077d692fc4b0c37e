/** A poll that brings more than this many entries for one subscriber becomes one combined email. */
export const BURST_THRESHOLD = 10;

export function isBurst(entryCount: number): boolean {
  return entryCount > BURST_THRESHOLD;
}

export function burstTitle(entryCount: number, feedName: string): string {
  return `${entryCount} new posts from ${feedName}`;
}
