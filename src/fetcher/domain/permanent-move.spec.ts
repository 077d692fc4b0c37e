import { MoveState, permanentMove } from './permanent-move';

const now = new Date('2026-11-22T10:00:00Z');
const feed: MoveState = { url: 'https://old.example/feed', redirectCandidate: null, redirectStreak: 0 };
const target = 'https://new.example/feed';

describe('permanentMove', () => {
  it('moves the feed on the third poll in a row that a permanent redirect answers', () => {
    const first = permanentMove(feed, target, true, now);
    expect(first).toEqual({ redirectCandidate: target, redirectStreak: 1 });
    const second = permanentMove({ ...feed, ...first } as MoveState, target, true, now);
    expect(second).toEqual({ redirectCandidate: target, redirectStreak: 2 });
    expect(permanentMove({ ...feed, ...second } as MoveState, target, true, now)).toEqual({
      url: target,
      movedFrom: 'https://old.example/feed',
      movedAt: now,
      redirectCandidate: null,
      redirectStreak: 0,
    });
  });

  it('starts over when the redirect stops or points elsewhere', () => {
    const running = { ...feed, redirectCandidate: target, redirectStreak: 2 };
    expect(permanentMove(running, null, true, now)).toEqual({ redirectCandidate: null, redirectStreak: 0 });
    expect(permanentMove(running, 'https://other.example/feed', true, now)).toEqual({
      redirectCandidate: 'https://other.example/feed',
      redirectStreak: 1,
    });
  });

  it('neither counts nor breaks the run on a poll that got no answer, and writes nothing when idle', () => {
    expect(
      permanentMove({ ...feed, redirectCandidate: target, redirectStreak: 2 }, null, false, now),
    ).toEqual({});
    expect(permanentMove(feed, null, true, now)).toEqual({});
  });
});
