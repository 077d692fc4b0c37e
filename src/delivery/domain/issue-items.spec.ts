import { IssueScope, issuesWithItems, itemsByIssue, WaitingItem } from './issue-items';

const at = (iso: string) => new Date(iso);
const issue = (userId: string, overrides: Partial<IssueScope> = {}): IssueScope => ({
  userId,
  cadence: 'daily',
  dueAt: at('2026-11-22T07:00:00Z'),
  paused: new Set(),
  ...overrides,
});
const item = (userId: string, overrides: Partial<WaitingItem> = {}): WaitingItem => ({
  userId,
  subscriptionId: 'S1',
  cadence: 'daily',
  createdAt: at('2026-11-22T05:00:00Z'),
  ...overrides,
});

describe('the items of a batch of digest issues', () => {
  it('finds the issues with an item of their reader and cadence that was there at their due time', () => {
    const issues = [issue('ann'), issue('bob'), issue('cy'), issue('dee', { cadence: 'weekly' })];
    const waiting = [
      item('ann'),
      item('bob', { createdAt: at('2026-11-22T07:00:01Z') }),
      item('cy', { cadence: 'weekly' }),
      item('dee', { cadence: 'weekly' }),
    ];
    expect(issuesWithItems(issues, waiting).map((one) => one.userId)).toEqual(['ann', 'dee']);
  });

  it("leaves paused subscriptions' items waiting: an issue with only those has none", () => {
    const paused = issue('ann', { paused: new Set(['S1']) });
    expect(issuesWithItems([paused], [item('ann')])).toEqual([]);
    expect(issuesWithItems([paused], [item('ann'), item('ann', { subscriptionId: 'S2' })])).toEqual([paused]);
  });

  it('gives each waiting item to the issue of its reader and cadence, and none to no issue', () => {
    const daily = { ...issue('ann'), runId: 'R1' };
    const weekly = { ...issue('ann', { cadence: 'weekly' }), runId: 'R2' };
    const other = { ...issue('bob'), runId: 'R3' };
    const waiting = [
      item('ann'),
      item('ann', { cadence: 'weekly' }),
      item('bob', { subscriptionId: 'S9' }),
      item('cy'),
    ];
    expect(
      itemsByIssue([daily, weekly, other], waiting).map(({ item, issue }) => [
        item.userId,
        item.cadence,
        issue.runId,
      ]),
    ).toEqual([
      ['ann', 'daily', 'R1'],
      ['ann', 'weekly', 'R2'],
      ['bob', 'daily', 'R3'],
    ]);
  });
});
