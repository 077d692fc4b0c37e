import { signToken } from '../../common/signed-token';
import { bounceAddress, parseTokenAddress, replyAddress } from './reply-addresses';

const key = 'a-support-test-key-0123456789';
const userId = '01JD3Z6Q8W4N2K5M7P9R1T3V5X';
const outboxId = '01JD3Z7A1B2C3D4E5F6G7H8J9K';

describe('reply and bounce addresses', () => {
  it('round-trip the user and the email replied to', () => {
    const address = replyAddress(key, 'tidings.test', userId, outboxId);
    expect(address).toMatch(/^reply\+[A-Za-z0-9_.-]+@tidings\.test$/);
    expect(parseTokenAddress(key, address)).toEqual({ kind: 'reply', userId, outboxId });
    expect(parseTokenAddress(key, `  ${address}  `)).toEqual({ kind: 'reply', userId, outboxId });
  });

  it('round-trip the email that bounced', () => {
    const address = bounceAddress(key, 'tidings.test', outboxId);
    expect(parseTokenAddress(key, address)).toEqual({ kind: 'bounce', outboxId });
  });

  it('are longer than the 64-character local part of RFC 5321 (two ULIDs and a signature)', () => {
    // Accepted by the common MTAs (Postfix, Exim, Gmail, Outlook); recorded here so that a change is deliberate.
    expect(replyAddress(key, 'd', userId, outboxId).split('@')[0]).toHaveLength(100);
    expect(bounceAddress(key, 'd', outboxId).split('@')[0]).toHaveLength(65);
  });

  it('treat untagged addresses as plain', () => {
    for (const address of ['support@tidings.test', 'replyto@tidings.test', 'reply@tidings.test', 'nonsense'])
      expect(parseTokenAddress(key, address)).toEqual({ kind: 'plain' });
  });

  it.each([
    ['another key', replyAddress('another-key-entirely-000', 'tidings.test', userId, outboxId)],
    ['a bounce token used for replies', `reply+${bounceAddress(key, 'x', outboxId).split('+')[1]}`],
    ['a reply token used for bounces', `bounce+${replyAddress(key, 'x', userId, outboxId).split('+')[1]}`],
    ['garbage', 'reply+garbage@tidings.test'],
    ['an empty token', 'bounce+@tidings.test'],
    ['a genuine signature over a payload that is not ids', `reply+${signToken(key, 'reply', 'x.y')}@t.test`],
    [
      'a genuine signature over three ids',
      `reply+${signToken(key, 'reply', `${userId}.${outboxId}.${outboxId}`)}@t`,
    ],
    ['a genuine bounce signature over junk', `bounce+${signToken(key, 'bounce', '../../etc')}@t`],
  ])('refuse %s as forged', (_, address) => {
    expect(parseTokenAddress(key, address)).toEqual({ kind: 'forged' });
  });
});
