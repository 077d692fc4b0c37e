import { signToken } from '../../common/signed-token';
import { listHeaders, quotePhrase } from './list-headers';
import {
  outboxIdFromAddress,
  readSignedAddress,
  signedAddress,
  unsubscribeTargetFromToken,
  unsubscribeToken,
} from './mail-tokens';

const key = 'k'.repeat(32);
const rowId = '01KAQZ4V1J8K9X2M3N4P5Q6R7S';

describe('signed addresses', () => {
  it('fit an RFC 5321 local part and map back to the outbox row', () => {
    const address = signedAddress(key, 'bounce', rowId, 'tidings.example');
    expect(address.split('@')[0].length).toBeLessThanOrEqual(64);
    expect(outboxIdFromAddress(key, 'bounce', address)).toBe(rowId);
    expect(outboxIdFromAddress(key, 'bounce', `<${address}>`)).toBe(rowId);
  });

  it('survive servers that fold the case of the local part', () => {
    for (const purpose of ['bounce', 'reply'] as const) {
      const address = signedAddress(key, purpose, rowId, 'Tidings.Example');
      expect(address).toBe(address.replace(/@.*/, '').toLowerCase() + '@Tidings.Example');
      for (const folded of [address.toLowerCase(), address.toUpperCase(), `<${address.toUpperCase()}>`])
        expect(outboxIdFromAddress(key, purpose, folded)).toBe(rowId);
    }
  });

  it('still read the case-sensitive addresses sent before, as sent', () => {
    const legacy = `reply-${signToken(key, 'reply', rowId, { macBytes: 10 })}@tidings.example`;
    expect(outboxIdFromAddress(key, 'reply', legacy)).toBe(rowId);
    expect(outboxIdFromAddress(key, 'bounce', legacy.replace('reply-', 'bounce-'))).toBeNull();
    expect(outboxIdFromAddress(key, 'reply', legacy.toLowerCase())).toBeNull();
  });

  it('refuse another purpose, a changed id, another key and junk', () => {
    const reply = signedAddress(key, 'reply', rowId, 'tidings.example');
    expect(outboxIdFromAddress(key, 'bounce', reply)).toBeNull();
    expect(outboxIdFromAddress(key, 'bounce', reply.replace('reply-', 'bounce-'))).toBeNull();
    expect(outboxIdFromAddress('x'.repeat(32), 'reply', reply)).toBeNull();
    const [local, domain] = reply.split('@');
    const [, signature] = local.split('.');
    const other = '01kaqz4v1j8k9x2m3n4p5q6r7t';
    expect(outboxIdFromAddress(key, 'reply', `reply-${other}.${signature}@${domain}`)).toBeNull();
    const legacyPayload = Buffer.from(rowId).toString('base64url');
    expect(outboxIdFromAddress(key, 'reply', `reply-${legacyPayload}.${signature}@${domain}`)).toBeNull();
    for (const junk of ['', 'reply-@x', 'reply-a.b', 'someone@example.com', '\r\nreply-x.y@z'])
      expect(outboxIdFromAddress(key, 'reply', junk)).toBeNull();
  });
});

describe('readSignedAddress', () => {
  it('tells our addresses, forged ones and everyone else apart', () => {
    const reply = signedAddress(key, 'reply', rowId, 'tidings.example');
    expect(readSignedAddress(key, reply)).toEqual({ purpose: 'reply', outboxId: rowId });
    expect(readSignedAddress(key, reply.replace(/\.[a-z2-7]/, '.a'))).toEqual({
      purpose: 'reply',
      outboxId: null,
    });
    const bounce = signedAddress(key, 'bounce', rowId, 'tidings.example');
    expect(readSignedAddress(key, `<${bounce}>`)).toEqual({ purpose: 'bounce', outboxId: rowId });
    for (const forged of ['reply-@x.test', 'bounce-a.b@x.test', 'reply-<script>@x.test', 'REPLY-x@y'])
      expect(readSignedAddress(key, forged)).toEqual(expect.objectContaining({ outboxId: null }));
    for (const plain of ['support@x.test', 'john-doe@x.test', 'reply@x.test', '', 'replyx-a.b@x.test'])
      expect(readSignedAddress(key, plain)).toBeNull();
  });
});

describe('unsubscribe tokens', () => {
  it('name an email or subscriptions, and nothing forged', () => {
    const byEmail = unsubscribeToken(key, { emailId: rowId });
    expect(unsubscribeTargetFromToken(key, byEmail)).toEqual({ emailId: rowId });
    const bySubscriptions = unsubscribeToken(key, { subscriptionIds: ['a', 'b'] });
    expect(unsubscribeTargetFromToken(key, bySubscriptions)).toEqual({ subscriptionIds: ['a', 'b'] });
    const forged = bySubscriptions.replace(/^[^.]+/, Buffer.from('s:c').toString('base64url'));
    expect(unsubscribeTargetFromToken(key, forged)).toBeNull();
    expect(unsubscribeTargetFromToken(key, unsubscribeToken(key, { subscriptionIds: [] }))).toBeNull();
    const bounce = signedAddress(key, 'bounce', rowId, 'x.test').split('@')[0].slice('bounce-'.length);
    expect(unsubscribeTargetFromToken(key, bounce)).toBeNull();
  });
});

describe('list headers', () => {
  it('name the feed list and offer RFC 8058 one-click unsubscription', () => {
    expect(
      listHeaders({
        listKey: '01KAQZ4V1J',
        listName: 'Example "Blog"\r\nBcc: x@evil',
        domain: 'tidings.example',
        unsubscribeUrl: 'https://t.example/unsubscribe/abc',
        unsubscribeMailto: 'mailto:unsubscribe@tidings.example?subject=unsubscribe%20abc',
      }),
    ).toEqual({
      'List-Id': '"Example \\"Blog\\" Bcc: x@evil" <01kaqz4v1j.lists.tidings.example>',
      'List-Unsubscribe':
        '<https://t.example/unsubscribe/abc>,\r\n <mailto:unsubscribe@tidings.example?subject=unsubscribe%20abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      Precedence: 'list',
    });
    expect(quotePhrase('a\\b')).toBe('"a\\\\b"');
    const accented = listHeaders({
      listKey: 'k',
      listName: 'Café №5 ✓',
      domain: 'd.test',
      unsubscribeUrl: 'u',
      unsubscribeMailto: 'm',
    });
    expect(accented['List-Id']).toBe('=?UTF-8?B?Q2Fmw6kg4oSWNSDinJM=?= <k.lists.d.test>');
  });
});
