import { changedFields } from './changed-fields';

describe('changedFields', () => {
  const stored: { etag: string; nextPollAt: Date; errorCount: number; title: string | null } = {
    etag: '"a"',
    nextPollAt: new Date('2026-11-22T10:00:00Z'),
    errorCount: 0,
    title: null,
  };

  it('keeps only the values that differ, dates compared by instant', () => {
    expect(
      changedFields(stored, {
        etag: '"a"',
        nextPollAt: new Date('2026-11-22T10:00:00Z'),
        errorCount: 1,
        title: null,
      }),
    ).toEqual({ errorCount: 1 });
    const later = new Date('2026-11-22T10:15:00Z');
    expect(changedFields(stored, { nextPollAt: later, title: 'Blog' })).toEqual({
      nextPollAt: later,
      title: 'Blog',
    });
  });
});
