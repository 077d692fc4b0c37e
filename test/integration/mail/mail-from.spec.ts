import { ConfigError, loadConfig } from '../../../src/config/load-config';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SmtpCapture } from '../../support/smtp-capture';
import { createTestApp } from '../../support/test-app';
import { entryEmail, MAIL_ENV, subscribedReader } from './mail-fixtures';

/** MAIL_FROM as any RFC 5322 mailbox, read by the headers a reader's mail client shows. */
describe.each([
  ['a bare address', 'news@tidings.test', null],
  ['a display name', 'Tidings Feeds <news@tidings.test>', 'Tidings Feeds'],
  ['a quoted name with a comma', '"Feeds, by Tidings" <news@tidings.test>', 'Feeds, by Tidings'],
  ['a non-ASCII name', 'Zoë’s Tidings <news@tidings.test>', 'Zoë’s Tidings'],
  ['an encoded-word name', '=?UTF-8?Q?Zo=C3=AB?= <news@tidings.test>', 'Zoë'],
])('MAIL_FROM with %s', (_, mailFrom, displayName) => {
  it('sends from its address and domain, per-item emails named after the feed, the rest after it', async () => {
    const smtp = await new SmtpCapture().start();
    const test = await createTestApp('sqlite', { ...MAIL_ENV, MAIL_FROM: mailFrom, SMTP_URL: smtp.url });
    try {
      const mail = test.app.get(MailService);
      const reader = await subscribedReader(test, 'reader@example.com');
      expect(await mail.sendEntry(entryEmail(reader, { feedTitle: 'Ünïcode “Blog”' }))).toBe(true);
      const to = { userId: reader.user.id, email: reader.user.email };
      expect(
        await mail.sendSignIn({
          dedupKey: 'sign-in',
          to,
          link: 'https://tidings.test/x',
          expiresInMinutes: 30,
        }),
      ).toBe(true);
      const reply = { dedupKey: 'support', to, subject: 'Hi', bodyText: 'Hello', references: [] };
      expect(await mail.sendSupportReply(reply)).toBe(true);
      await test.app.get(OutboxService).flush();
      const emails = await smtp.waitFor(3);
      const bySubject = (pattern: RegExp) =>
        emails.find((email) => pattern.test(email.parsed.subject ?? ''))!;
      const [entry, support] = [bySubject(/^A fine post$/), bySubject(/^Hi$/)];
      const signIn = emails.find((email) => email !== entry && email !== support)!;

      expect(entry.parsed.from).toEqual({ name: 'Ünïcode “Blog”', address: 'news@tidings.test' });
      expect(entry.parsed.replyTo?.[0].address).toMatch(/^reply-[\w.-]+@tidings\.test$/);
      expect(entry.envelope.from).toMatch(/^bounce-[\w.-]+@tidings\.test$/);
      expect(entry.header('list-unsubscribe')).toMatch(
        /^<https:\/\/tidings\.test\/unsubscribe\/[\w.-]+>, <mailto:unsubscribe@tidings\.test\?subject=/,
      );
      expect(signIn.parsed.from).toEqual({ name: displayName ?? '', address: 'news@tidings.test' });
      expect(support.parsed.from).toEqual({
        name: displayName ?? 'Tidings support',
        address: 'news@tidings.test',
      });
      for (const email of [entry, signIn, support]) expect(email.raw).toMatch(/^From: [ -~]+\r?$/m);
    } finally {
      await test.close();
      await smtp.stop();
    }
  });
});

describe('MAIL_FROM that is not one mailbox', () => {
  it.each([
    'not an address',
    'Tidings',
    'Tidings <>',
    'a@example.com, b@example.com',
    'Team: a@example.com;',
    'Tidings <feeds@exa mple.com>',
  ])('refuses %j, naming the variable', (mailFrom) => {
    expect(() => loadConfig({ MAIL_FROM: mailFrom })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_FROM: mailFrom })).toThrow(/MAIL_FROM: expected (one|an email) address/);
  });
});
