import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseInboundMail } from '../parse-inbound-mail';
import { FeedbackReportInput, isComplaint, parseFeedbackReport } from './parse-feedback-report';

const fixture = (name: string) =>
  readFileSync(join(__dirname, '..', '..', '..', 'test', 'fixtures', 'arf', name), 'utf8');

describe('parseFeedbackReport', () => {
  it("reads RFC 5965's own example, whose Message-ID has no angle brackets", async () => {
    const mail = await parseInboundMail(Buffer.from(fixture('rfc5965-appendix-b.eml')));
    expect(parseFeedbackReport(mail)).toEqual({
      feedbackType: 'abuse',
      userAgent: 'SomeGenerator/1.0',
      addresses: ['somespammer@example.net'],
      messageIds: ['<8787KJKJ3K4J3K4J3K4J3.mail@example.net>'],
      unsubscribeTokens: [],
    });
  });

  it('names the email by VERP sender, Reply-To, List-Unsubscribe tokens and Message-ID, from a whole original or its headers', () => {
    const original = [
      'Return-Path: <bounce-01kaqz4v1j8k9x2m3n4p5q6r7s.abcdefghijklmnop@tidings.test>',
      'From: "Example Blog" <news@tidings.test>',
      'Reply-To: reply-01kaqz4v1j8k9x2m3n4p5q6r7s.qrstuvwxyzabcdef@tidings.test',
      'To: redacted@aol.com',
      'List-Unsubscribe: <https://tidings.test/unsubscribe/ZTowMWthcXo0djFq.c2lnbmF0dXJl_-x>,',
      ' <mailto:unsubscribe@tidings.test?subject=unsubscribe%20ZTowMWthcXo0djFq.c2lnbmF0dXJl_-x>',
      'Message-ID:',
      ' <01kaqz4v1j8k9x2m3n4p5q6r7s@tidings.test>',
      '',
      'Body: not a header',
    ].join('\r\n');
    for (const mimeType of ['message/rfc822', 'text/rfc822-headers']) {
      const report = parseFeedbackReport({
        parts: [
          {
            mimeType: 'message/feedback-report',
            content: 'Feedback-Type: Abuse\r\nUser-Agent: AOL SComp\r\n',
          },
          { mimeType, content: original },
        ],
      });
      expect(report).toEqual({
        feedbackType: 'abuse',
        userAgent: 'AOL SComp',
        addresses: [
          'bounce-01kaqz4v1j8k9x2m3n4p5q6r7s.abcdefghijklmnop@tidings.test',
          'reply-01kaqz4v1j8k9x2m3n4p5q6r7s.qrstuvwxyzabcdef@tidings.test',
        ],
        messageIds: ['<01kaqz4v1j8k9x2m3n4p5q6r7s@tidings.test>'],
        unsubscribeTokens: ['ZTowMWthcXo0djFq.c2lnbmF0dXJl_-x'],
      });
    }
  });

  it('tells complaints from "not spam" and authentication-failure reports', () => {
    const report = (type: string) =>
      parseFeedbackReport({ parts: [{ mimeType: 'message/feedback-report', content: type }] })!;
    expect(isComplaint(report('Feedback-Type: abuse'))).toBe(true);
    expect(isComplaint(report('Feedback-Type: fraud'))).toBe(true);
    expect(isComplaint(report('Feedback-Type: virus'))).toBe(true);
    expect(isComplaint(report('User-Agent: x'))).toBe(true);
    expect(report('User-Agent: x').feedbackType).toBe('other');
    expect(isComplaint(report('Feedback-Type: not-spam'))).toBe(false);
    expect(isComplaint(report('Feedback-Type: auth-failure'))).toBe(false);
  });

  it.each<[string, FeedbackReportInput]>([
    ['no parts', { parts: [] }],
    ['a DSN', { parts: [{ mimeType: 'message/delivery-status', content: 'Status: 5.1.1' }] }],
  ])('is null for %s', (_, input) => {
    expect(parseFeedbackReport(input)).toBeNull();
  });

  it('survives hostile reports: garbage fields, no original, a huge original, bogus ids', () => {
    const huge = `Message-ID: <${'x'.repeat(300)}@example.net>\r\n${'X-Junk: y\r\n'.repeat(100_000)}\r\nbody`;
    const report = parseFeedbackReport({
      parts: [
        { mimeType: 'message/feedback-report', content: '\u0000\u0001: ???\r\nFeedback-Type: <script>\r\n' },
        { mimeType: 'text/rfc822-headers', content: huge },
      ],
    });
    expect(report).toEqual({
      feedbackType: 'other',
      userAgent: null,
      addresses: [],
      messageIds: [],
      unsubscribeTokens: [],
    });
    const bare = parseFeedbackReport({
      parts: [
        { mimeType: 'message/feedback-report', content: 'Feedback-Type: abuse' },
        { mimeType: 'message/rfc822', content: 'Message-ID: two words@x\r\nReturn-Path: <>\r\n\r\n' },
      ],
    });
    expect(bare).toMatchObject({ addresses: [], messageIds: [] });
  });
});
