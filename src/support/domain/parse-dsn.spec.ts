import { parseDsn } from './parse-dsn';

const report = (content: string) => ({ parts: [{ mimeType: 'message/delivery-status', content }], text: '' });

const postfixHard = `Reporting-MTA: dns; mail.example.org
X-Postfix-Queue-ID: 4CJ2Kp0ZSsz9s
X-Postfix-Sender: rfc822; bounce-abc@tidings.test
Arrival-Date: Sun, 22 Nov 2026 10:00:00 +0100 (CET)

Final-Recipient: rfc822; reader@example.org
Original-Recipient: rfc822;reader@example.org
Action: failed
Status: 5.1.1
Remote-MTA: dns; mx.example.org
Diagnostic-Code: smtp; 550 5.1.1 <reader@example.org>: Recipient address
    rejected: User unknown in virtual mailbox table
`;

const eximDelayed = `Reporting-MTA: dns; mx.exim.example

Action: delayed
Final-Recipient: rfc822;reader@exim.example
Status: 4.0.0
Remote-MTA: dns; mx2.exim.example
Diagnostic-Code: smtp; 451 Temporary local problem - please try later
Will-Retry-Until: Tue, 24 Nov 2026 10:00:00 +0000
`;

const gmailHard = `Reporting-MTA: dns; googlemail.com
Received-From-MTA: dns; bounce-abc@tidings.test
Arrival-Date: Sun, 22 Nov 2026 02:00:00 -0800 (PST)
X-Original-Message-ID: <01jd@tidings.test>

Final-Recipient: rfc822; nobody.here@gmail.com
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist. Please try
 550-5.1.1 double-checking the recipient's email address for typos or
 550 5.1.1 unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser
Last-Attempt-Date: Sun, 22 Nov 2026 02:00:01 -0800 (PST)
`;

const outlookHard = `Reporting-MTA: dns;AM0PR01MB1234.eurprd01.prod.exchangelabs.com
Received-From-MTA: dns;EUR01-HE1-obe.outbound.protection.outlook.com
Arrival-Date: Sun, 22 Nov 2026 10:00:00 +0000

Final-Recipient: rfc822;ghost@contoso.com
Action: failed
Status: 5.1.10
Diagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup
`;

describe('parseDsn', () => {
  it('reads a Postfix hard bounce, folded diagnostic included', () => {
    expect(parseDsn(report(postfixHard))).toEqual({
      verdict: 'permanent',
      recipients: [
        {
          recipient: 'reader@example.org',
          action: 'failed',
          status: '5.1.1',
          diagnostic: expect.stringMatching(/^smtp; 550 5\.1\.1 .*User unknown in virtual mailbox table$/),
        },
      ],
    });
  });

  it('reads an Exim delay as temporary', () => {
    const dsn = parseDsn(report(eximDelayed));
    expect(dsn.verdict).toBe('temporary');
    expect(dsn.recipients[0]).toMatchObject({
      recipient: 'reader@exim.example',
      action: 'delayed',
      status: '4.0.0',
    });
  });

  it.each([
    ['Gmail', gmailHard, 'nobody.here@gmail.com', '5.1.1'],
    ['Outlook', outlookHard, 'ghost@contoso.com', '5.1.10'],
  ])('reads a %s hard bounce', (_, content, recipient, status) => {
    expect(parseDsn(report(content))).toMatchObject({
      verdict: 'permanent',
      recipients: [{ recipient, action: 'failed', status }],
    });
  });

  it('reads CRLF line ends and RFC 6533 global reports', () => {
    const dsn = parseDsn({
      parts: [{ mimeType: 'message/global-delivery-status', content: postfixHard.replace(/\n/g, '\r\n') }],
      text: '',
    });
    expect(dsn).toMatchObject({ verdict: 'permanent', recipients: [{ recipient: 'reader@example.org' }] });
  });

  it('calls a delayed 5.x.x temporary: the sender will retry', () => {
    expect(
      parseDsn(report('Final-Recipient: rfc822; a@b.example\nAction: delayed\nStatus: 5.0.0\n')).verdict,
    ).toBe('temporary');
  });

  it('reads a bounce without a report part from its text', () => {
    const text = `This message was created automatically by mail delivery software.\n\nA message that you sent could not be delivered:\n\n  reader@old.example\n    host mx.old.example [192.0.2.1]\n    SMTP error from remote mail server after RCPT TO:<reader@old.example>:\n    550 5.1.1 <reader@old.example>: Recipient address rejected\n`;
    expect(parseDsn({ parts: [], text })).toEqual({
      verdict: 'permanent',
      recipients: [
        {
          recipient: null,
          action: null,
          status: '5.1.1',
          diagnostic: '550 5.1.1 <reader@old.example>: Recipient address rejected',
        },
      ],
    });
    expect(parseDsn({ parts: [], text: 'Delayed:\n  421 4.7.0 too many connections' }).verdict).toBe(
      'temporary',
    );
  });

  it.each([
    ['an empty message', { parts: [], text: '' }],
    ['a human reply', { parts: [], text: 'Thanks, I will look at it on Monday. Call me at 555 5.1.1?' }],
    ['mismatched codes', { parts: [], text: '250 5.1.1 odd' }],
    [
      'a report without status',
      report('Reporting-MTA: dns; x\n\nFinal-Recipient: rfc822; a@b\nAction: failed\n'),
    ],
    [
      'a report with a nonsense status',
      report('Final-Recipient: rfc822; a@b\nAction: failed\nStatus: 9.9.9\n'),
    ],
    ['a success report', report('Final-Recipient: rfc822; a@b\nAction: delivered\nStatus: 2.0.0\n')],
    ['binary junk', report('\u0000\u0001\uffff:::\n\n\n: : :\nStatus:\n')],
    ['a huge report', report(`X: ${'a'.repeat(500_000)}\n`)],
  ])('finds no verdict in %s', (_, input) => {
    expect(parseDsn(input).verdict).toBe('unknown');
  });
});
