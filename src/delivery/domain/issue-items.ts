import { DigestCadence } from './digest-schedule';

/** A waiting digest item as the questions of a batch of issues read it. */
export interface WaitingItem {
  userId: string;
  subscriptionId: string;
  cadence: DigestCadence;
  createdAt: Date;
}

/** What an issue takes: its reader's items of its cadence there at its due time, paused subscriptions' left. */
export interface IssueScope {
  userId: string;
  cadence: DigestCadence;
  dueAt: Date;
  /** The reader's paused subscriptions: their items wait for the resume. */
  paused: ReadonlySet<string>;
}

export function isItemOfIssue(item: WaitingItem, issue: IssueScope): boolean {
  return (
    item.userId === issue.userId &&
    item.cadence === issue.cadence &&
    item.createdAt.getTime() <= issue.dueAt.getTime() &&
    !issue.paused.has(item.subscriptionId)
  );
}

/** The issues that some of `waiting` belongs to. */
export function issuesWithItems<I extends IssueScope>(
  issues: readonly I[],
  waiting: readonly WaitingItem[],
): I[] {
  const byUser = groupByUser(waiting);
  return issues.filter((issue) =>
    (byUser.get(issue.userId) ?? []).some((item) => isItemOfIssue(item, issue)),
  );
}

/** Each waiting item with the first of `issues` it belongs to; items of none are left out. */
export function itemsByIssue<W extends WaitingItem, I extends IssueScope>(
  issues: readonly I[],
  waiting: readonly W[],
): Array<{ item: W; issue: I }> {
  const byUser = groupByUser(issues);
  return waiting.flatMap((item) => {
    const issue = (byUser.get(item.userId) ?? []).find((one) => isItemOfIssue(item, one));
    return issue ? [{ item, issue }] : [];
  });
}

function groupByUser<T extends { userId: string }>(rows: readonly T[]): Map<string, T[]> {
  const byUser = new Map<string, T[]>();
  for (const row of rows) {
    const ofUser = byUser.get(row.userId);
    if (ofUser) ofUser.push(row);
    else byUser.set(row.userId, [row]);
  }
  return byUser;
}
