import { updateEmailKey } from './update-email-key';

describe('updateEmailKey', () => {
  const reader = { id: 'U1', timezone: 'America/New_York' };

  it('is one key per post, reader and local day', () => {
    const morning = updateEmailKey('E1', reader, new Date('2026-11-21T14:00:00Z'));
    expect(morning).toBe('update:E1:user:U1:2026-11-21');
    expect(updateEmailKey('E1', reader, new Date('2026-11-22T04:59:00Z'))).toBe(morning);
    expect(updateEmailKey('E1', reader, new Date('2026-11-22T05:00:00Z'))).toBe(
      'update:E1:user:U1:2026-11-22',
    );
    expect(updateEmailKey('E2', reader, new Date('2026-11-21T14:00:00Z'))).not.toBe(morning);
  });
});
