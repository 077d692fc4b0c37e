import { RecentEntry, removalChanges } from './removed-entries';

const now = new Date('2026-11-21T18:00:00Z');
const at = (iso: string) => new Date(iso);
const entry = (
  id: string,
  published: string,
  firstSeen = '2026-11-21T12:00:00Z',
  removedAt: Date | null = null,
): RecentEntry => ({
  id,
  identityHash: `hash-${id}`,
  publishedAt: at(published),
  firstSeenAt: at(firstSeen),
  removedAt,
});
const body = (ids: string[], published: string[]) => ({
  identities: new Set(ids.map((id) => `hash-${id}`)),
  published: published.map(at),
});

describe('removalChanges', () => {
  const recent = [
    entry('a', '2026-11-21T09:00:00Z'),
    entry('b', '2026-11-21T11:00:00Z'),
    entry('c', '2026-11-21T11:30:00Z'),
  ];

  it('removes a post taken out of the middle of the feed', () => {
    expect(
      removalChanges(recent, body(['a', 'c'], ['2026-11-21T09:00:00Z', '2026-11-21T11:30:00Z']), now),
    ).toEqual({
      removed: ['b'],
      restored: [],
    });
  });

  it('does not remove the oldest posts when the window moves on, nor posts seen over a day ago', () => {
    expect(
      removalChanges(recent, body(['c', 'd'], ['2026-11-21T11:30:00Z', '2026-11-21T17:00:00Z']), now).removed,
    ).toEqual([]);
    const old = [
      entry('x', '2026-11-20T10:00:00Z', '2026-11-20T10:05:00Z'),
      entry('y', '2026-11-19T10:00:00Z'),
    ];
    expect(removalChanges(old, body(['y'], ['2026-11-19T10:00:00Z']), now).removed).toEqual([]);
  });

  it('brings back a post that returns, and removes nothing on an empty body', () => {
    const gone = [entry('b', '2026-11-21T11:00:00Z', '2026-11-21T12:00:00Z', at('2026-11-21T13:00:00Z'))];
    expect(removalChanges(gone, body(['b'], ['2026-11-21T11:00:00Z']), now)).toEqual({
      removed: [],
      restored: ['b'],
    });
    expect(removalChanges(recent, body([], []), now).removed).toEqual([]);
  });
});
