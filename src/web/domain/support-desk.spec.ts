import { deskSummary } from './support-desk';

describe('deskSummary', () => {
  it('says what waits for an answer and since when', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(
      deskSummary(
        { byState: { open: 2, waiting: 1, closed: 5 }, oldestOpenSince: new Date('2026-11-27T09:30:00Z') },
        now,
      ),
    ).toBe('2 open (the oldest for 2 h 30 min), 1 waiting for the reader, 5 closed.');
    expect(deskSummary({ byState: { open: 0, waiting: 0, closed: 0 }, oldestOpenSince: null }, now)).toBe(
      '0 open, 0 waiting for the reader, 0 closed.',
    );
  });
});
