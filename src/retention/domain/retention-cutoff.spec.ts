import { retentionCutoff } from './retention-cutoff';

describe('retentionCutoff', () => {
  it('is that many whole days before now, whatever the local clock does', () => {
    expect(retentionCutoff(new Date('2026-11-25T18:00:00Z'), 90).toISOString()).toBe(
      '2026-08-27T18:00:00.000Z',
    );
    // Across a DST change (Europe: 2026-10-25): days of 24 hours, not calendar days of a zone.
    expect(retentionCutoff(new Date('2026-11-01T00:00:00Z'), 7).toISOString()).toBe(
      '2026-10-25T00:00:00.000Z',
    );
  });
});
