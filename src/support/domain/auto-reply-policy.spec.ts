import { decideAcknowledgement, lastAcknowledgementCutoff } from './auto-reply-policy';

const decide = (headers: Record<string, string>, returnPath: string | null = 'reader@example.com') =>
  decideAcknowledgement({ returnPath, headers: new Map(Object.entries(headers)), ourDomain: 'tidings.test' });

describe('automatic acknowledgements (RFC 3834)', () => {
  it('answer a person at their return path', () => {
    expect(decide({ subject: 'Help' })).toEqual({ send: true, to: 'reader@example.com' });
    expect(decide({ 'auto-submitted': 'no' }, '<reader@example.com>')).toEqual({
      send: true,
      to: 'reader@example.com',
    });
  });

  it.each([
    ['auto-replied mail', { 'auto-submitted': 'auto-replied' }, 'auto-submitted'],
    ['auto-generated mail', { 'auto-submitted': 'auto-generated; owner-email="x@y"' }, 'auto-submitted'],
    ['bulk mail', { precedence: 'bulk' }, 'bulk'],
    ['list mail by precedence', { precedence: 'List' }, 'bulk'],
    ['junk', { precedence: 'junk' }, 'bulk'],
    ['list mail by List-Id', { 'list-id': '<news.example.com>' }, 'list'],
    ['list mail by List-Unsubscribe', { 'list-unsubscribe': '<mailto:u@example.com>' }, 'list'],
    [
      'Exchange asking for no replies',
      { 'x-auto-response-suppress': 'OOF, AutoReply' },
      'auto-response suppressed',
    ],
  ])('never answer %s', (_, headers, reason) => {
    expect(decide(headers)).toEqual({ send: false, reason });
  });

  it.each([
    [null, 'no return path'],
    ['', 'no return path'],
    ['<>', 'no return path'],
    ['not-an-address', 'no return path'],
    ['MAILER-DAEMON@mx.example.com', 'machine sender'],
    ['postmaster@example.com', 'machine sender'],
    ['noreply@example.com', 'machine sender'],
    ['owner-news@lists.example.com', 'machine sender'],
    ['news-request@lists.example.com', 'machine sender'],
    ['reply-abc@TIDINGS.test', 'our own address'],
  ])('never answer the return path %j', (returnPath, reason) => {
    expect(decide({}, returnPath)).toEqual({ send: false, reason });
  });

  it('answer a sender again only seven days after the last acknowledgement', () => {
    expect(lastAcknowledgementCutoff(new Date('2026-11-22T10:00:00Z'))).toEqual(
      new Date('2026-11-15T10:00:00Z'),
    );
  });
});
