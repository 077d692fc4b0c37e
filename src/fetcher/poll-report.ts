import { FeedPollResult } from './feed-poller';

export interface PollReport {
  polled: number;
  failed: number;
  newEntries: number;
  emailsEnqueued: number;
  /** How many polls each outcome ended in (`not-modified`, `same-hash`, `parsed`, `http-404`, …). */
  outcomes: Record<string, number>;
  /** Each feed that failed, and why. */
  failures: Array<{ url: string; reason: string }>;
}

/** A poll that failed inside Tidings (a database error, a bug): the feed itself may be fine. */
export const INTERNAL_ERROR = 'internal-error';

export function emptyReport(): PollReport {
  return { polled: 0, failed: 0, newEntries: 0, emailsEnqueued: 0, outcomes: {}, failures: [] };
}

export function tally(report: PollReport, url: string, result: FeedPollResult): void {
  if (result.isFailure) {
    report.failed += 1;
    report.failures.push({ url, reason: result.reason ?? result.label });
  } else report.polled += 1;
  report.newEntries += result.newEntries;
  report.emailsEnqueued += result.emailsEnqueued;
  report.outcomes[result.label] = (report.outcomes[result.label] ?? 0) + 1;
}
