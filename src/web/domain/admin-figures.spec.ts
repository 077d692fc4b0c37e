import { adminFigures, waitedFor, waitingReason } from './admin-figures';

const now = new Date('2026-11-25T12:00:00Z');

describe('adminFigures', () => {
  it('says in words what the counts say', () => {
    const figures = adminFigures(
      {
        users: 3,
        feedsByStatus: [
          { status: 'active', count: 4 },
          { status: 'broken', count: 1 },
        ],
        entries: 120,
        emailsByStatusAndKind: [
          { status: 'sent', kind: 'entry', count: 10 },
          { status: 'sent', kind: 'digest', count: 2 },
          { status: 'pending', kind: 'entry', count: 1 },
          { status: 'held', kind: 'entry', count: 5 },
        ],
        oldestPendingAt: new Date('2026-11-25T11:20:00Z'),
        creditTotalsByKind: [
          { kind: 'grant', count: 30 },
          { kind: 'purchase', count: 100 },
          { kind: 'spend', count: -12 },
        ],
        complaints: 0,
        support: {
          byState: { open: 2, waiting: 1, closed: 4 },
          oldestOpenSince: new Date('2026-11-25T09:00:00Z'),
        },
      },
      now,
    );
    expect(Object.fromEntries(figures.map((figure) => [figure.label, figure.value]))).toEqual({
      Users: '3',
      Feeds: '4 active, 1 broken, 0 gone',
      'Entries stored': '120',
      Emails: '12 sent, 1 waiting to send, 5 held for credits, 0 suppressed, 0 failed',
      'Oldest waiting email': '40 min',
      Credits: '130 granted or bought, 12 spent',
      Complaints: '0',
      'Support threads': '2 open, 1 waiting for the reader, 4 closed',
      'Oldest open support thread': '3 h 0 min',
    });
  });
});

describe('waitedFor', () => {
  it.each([
    [null, 'none'],
    ['2026-11-25T12:00:30Z', '0 min'],
    ['2026-11-25T09:55:00Z', '2 h 5 min'],
    ['2026-11-21T12:00:00Z', '4 days'],
  ])('since %s: %s', (since, words) => {
    expect(waitedFor(since ? new Date(since) : null, now)).toBe(words);
  });
});

describe('waitingReason', () => {
  const later = new Date('2026-11-25T13:00:00Z');
  it.each([
    [{ status: 'held', lastError: null, nextAttemptAt: now }, /credits/],
    [{ status: 'suppressed', lastError: null, nextAttemptAt: now }, /suppressed/],
    [{ status: 'pending', lastError: '421 try later', nextAttemptAt: later }, /^421 try later$/],
    [{ status: 'pending', lastError: null, nextAttemptAt: later }, /its turn/],
    [{ status: 'pending', lastError: null, nextAttemptAt: now }, /due now/],
  ])('%j', (email, reason) => {
    expect(waitingReason(email, now)).toMatch(reason);
  });
});
