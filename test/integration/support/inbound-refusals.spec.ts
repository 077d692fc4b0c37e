import { DataSource } from 'typeorm';
import { SupportService } from '../../../src/support/support.service';
import { freePort } from '../../support/server-process';
import { SmtpDialogue } from '../../support/smtp-dialogue';
import { createWebTestApp, WebTestApp } from '../../support/web-app';
import { rawMessage } from './inbound-mail-helpers';

const domain = 'tidings.test';
const webhookSecret = 'support-webhook-secret-0123456789';

/** A message whose parts nest `depth` multiparts deep, each level a few dozen bytes. */
function nestedMessage(depth: number): string {
  const opening = Array.from(
    { length: depth },
    (_, level) => `--b${level}\r\nContent-Type: multipart/mixed; boundary="b${level + 1}"\r\n\r\n`,
  ).join('');
  return rawMessage({
    from: 'sender@example.org',
    to: `support@${domain}`,
    headers: { 'Content-Type': 'multipart/mixed; boundary="b0"' },
    text: `${opening}--b${depth}\r\nContent-Type: text/plain\r\n\r\ndeep\r\n`,
  });
}

/** One SMTP transaction spoken by hand, as the sending MTA would; returns the reply to the final dot. */
async function sendOverSmtp(port: number, raw: string, to = `support@${domain}`): Promise<string> {
  const { dialogue, greeting } = await SmtpDialogue.open(port);
  try {
    expect(greeting).toMatch(/^220 /);
    expect(await dialogue.send('EHLO mta.example.org')).toMatch(/^250/);
    expect(await dialogue.send('MAIL FROM:<sender@example.org>')).toMatch(/^250/);
    const recipient = await dialogue.send(`RCPT TO:<${to}>`);
    if (!recipient.startsWith('250')) return recipient;
    expect(await dialogue.send('DATA')).toMatch(/^354/);
    const stuffed = raw.replace(/\r\n\./g, '\r\n..');
    return await dialogue.send(`${stuffed.endsWith('\r\n') ? stuffed : `${stuffed}\r\n`}.`);
  } finally {
    dialogue.close();
  }
}

describe('inbound SMTP: refused for its content is permanent, our own fault is temporary', () => {
  let server: WebTestApp;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    server = await createWebTestApp('sqlite', {
      INBOUND_SMTP_PORT: String(port),
      MAIL_FROM: `tidings@${domain}`,
      SUPPORT_WEBHOOK_SECRET: webhookSecret,
      INBOUND_MAX_BYTES: String(1024 * 1024),
    });
  });

  afterAll(() => server?.close());

  it('answers 3,000 levels of MIME nesting with 554 and the reason, storing nothing', async () => {
    const reply = await sendOverSmtp(port, nestedMessage(3000));
    expect(reply).toMatch(/^554 5\.6\.0 the message cannot be read: .*nesting depth/i);
    expect(await server.app.get(SupportService).listThreads()).toEqual([]);
  });

  it('answers the same message through the webhook with 422 and the reason', async () => {
    const response = await fetch(`${server.baseUrl}/support/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${webhookSecret}`, 'content-type': 'message/rfc822' },
      body: nestedMessage(3000),
    });
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toMatch(/nesting depth/i);
    expect(await server.app.get(SupportService).listThreads()).toEqual([]);
  });

  it('answers an oversized message with 552 and the limit, and a forged reply token with 550', async () => {
    const big = rawMessage({
      from: 'sender@example.org',
      to: `support@${domain}`,
      text: 'y'.repeat(1_100_000),
    });
    expect(await sendOverSmtp(port, big)).toMatch(/^552 5\.3\.4 the message is larger than 1048576 bytes/);
    const forged = `reply-01jd3z7a1b2c3d4e5f6g7h8j9k.aaaaaaaaaaaaaaaa@${domain}`;
    expect(await sendOverSmtp(port, nestedMessage(1), forged)).toMatch(/^550 5\.1\.1 .*invalid token/);
  });

  it('still accepts a message nested a few levels deep', async () => {
    expect(await sendOverSmtp(port, nestedMessage(5))).toMatch(/^250 /);
  });

  it('answers 451 when the fault is ours (the database is gone), so that the sender retries', async () => {
    await server.app.get(DataSource).destroy();
    const reply = await sendOverSmtp(
      port,
      rawMessage({ from: 'sender@example.org', to: `support@${domain}` }),
    );
    expect(reply).toMatch(/^451 4\.3\.0 /);
  });
});
