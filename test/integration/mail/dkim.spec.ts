import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { generateKeyPairSync } from 'node:crypto';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SmtpCapture } from '../../support/smtp-capture';
import { createTestApp, TestApp } from '../../support/test-app';
import { entryEmail, MAIL_ENV, subscribedReader } from './mail-fixtures';

describe('DKIM signing', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const dnsRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
  const resolver = async (name: string, type: string) => {
    if (name === 'mail2026._domainkey.tidings.test' && type === 'TXT') return [[dnsRecord]];
    throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
  };
  let smtp: SmtpCapture;
  let test: TestApp;

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    test = await createTestApp('sqlite', {
      ...MAIL_ENV,
      SMTP_URL: smtp.url,
      DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
      DKIM_SELECTOR: 'mail2026',
    });
  });

  afterAll(async () => {
    await test.close();
    await smtp.stop();
  });

  it('signs with the configured key; the signature verifies and covers both List-Unsubscribe headers', async () => {
    const reader = await subscribedReader(test, 'dkim@example.com');
    await test.app.get(MailService).sendEntry(entryEmail(reader, { title: 'Signed «post»' }));
    expect(await test.app.get(OutboxService).flush()).toMatchObject({ sent: 1 });
    const [email] = await smtp.waitFor(1);

    const { results } = await dkimVerify(email.raw, { resolver });
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(result.status.result).toBe('pass');
    expect(result.signingDomain).toBe('tidings.test');
    expect(result.selector).toBe('mail2026');
    const signed = /\bh=([^;]+)/
      .exec(email.header('dkim-signature')!.replace(/\s+/g, ''))![1]
      .toLowerCase()
      .split(':');
    expect(signed).toEqual(
      expect.arrayContaining([
        'from',
        'subject',
        'date',
        'message-id',
        'list-unsubscribe',
        'list-unsubscribe-post',
      ]),
    );

    const tampered = email.raw.replace(/List-Unsubscribe-Post: .*/, 'List-Unsubscribe-Post: nothing');
    expect((await dkimVerify(tampered, { resolver })).results[0].status.result).toBe('fail');
  });
});
