import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { InboundTlsFiles } from '../../../src/support/inbound-tls-files';
import { SupportService } from '../../../src/support/support.service';
import { Certificate, selfSignedCertificate } from '../../support/self-signed-certificate';
import { freePort } from '../../support/server-process';
import { SmtpDialogue } from '../../support/smtp-dialogue';
import { testDialects } from '../../support/test-database';
import { waitUntil } from '../../support/wait-until';
import { createWebTestApp, WebTestApp } from '../../support/web-app';
import { rawMessage } from './inbound-mail-helpers';

const hostname = 'tidings.test';
const plainAuth = `AUTH PLAIN ${Buffer.from('\0agent\0a password').toString('base64')}`;

/** Writes a pair as a renewal does: each file replaced whole, the key first. */
function install(folder: string, pair: Certificate): void {
  for (const [name, content] of [
    ['key.pem', pair.key],
    ['cert.pem', pair.cert],
  ]) {
    writeFileSync(join(folder, `${name}.new`), content);
    renameSync(join(folder, `${name}.new`), join(folder, name));
  }
}

describe('InboundTlsFiles', () => {
  let folder: string;
  const first = selfSignedCertificate(hostname);
  const second = selfSignedCertificate(hostname);

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'tidings-tls-'));
  });

  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const files = () => new InboundTlsFiles(join(folder, 'cert.pem'), join(folder, 'key.pem'));

  it('names the setting at fault when the files are missing, unreadable as PEM or do not match', () => {
    expect(() => files().load()).toThrow(/^INBOUND_TLS_CERT: cannot read .*cert\.pem \(ENOENT\)$/);
    writeFileSync(join(folder, 'cert.pem'), first.cert);
    expect(() => files().load()).toThrow(/^INBOUND_TLS_KEY: cannot read .*key\.pem \(ENOENT\)$/);
    writeFileSync(join(folder, 'key.pem'), second.key);
    expect(() => files().load()).toThrow(/^INBOUND_TLS_CERT\/INBOUND_TLS_KEY: .*(mismatch|does not match)/i);
    writeFileSync(join(folder, 'cert.pem'), 'not a certificate');
    expect(() => files().load()).toThrow(/^INBOUND_TLS_CERT\/INBOUND_TLS_KEY: /);
  });

  it('reloads a renewed pair once, and refuses a half-written one', () => {
    install(folder, first);
    const tls = files();
    expect(tls.load().summary).toMatch(/^DNS:tidings\.test, valid until /);
    expect(tls.reload()).toBeNull();
    writeFileSync(join(folder, 'key.pem'), second.key);
    expect(() => tls.reload()).toThrow(/INBOUND_TLS_CERT\/INBOUND_TLS_KEY/);
    writeFileSync(join(folder, 'cert.pem'), second.cert);
    expect(tls.reload()?.cert.toString()).toBe(second.cert);
    expect(tls.reload()).toBeNull();
  });
});

describe.each(testDialects())('the inbound SMTP listener with STARTTLS on %s', (dialect) => {
  let folder: string;
  let server: WebTestApp;
  let port: number;
  const first = selfSignedCertificate(hostname);

  /** Whether a sender that trusts only this certificate completes STARTTLS now. */
  async function verifies(pair: Certificate): Promise<boolean> {
    const { dialogue } = await SmtpDialogue.open(port);
    try {
      await dialogue.send('EHLO mx.example.org');
      const secured = await dialogue.startTls({ ca: pair.cert, servername: hostname });
      return secured.authorized;
    } catch {
      return false;
    } finally {
      dialogue.close();
    }
  }

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'tidings-tls-'));
    install(folder, first);
    port = await freePort();
    server = await createWebTestApp(dialect, {
      INBOUND_SMTP_PORT: String(port),
      MAIL_FROM: `tidings@${hostname}`,
      INBOUND_TLS_CERT: join(folder, 'cert.pem'),
      INBOUND_TLS_KEY: join(folder, 'key.pem'),
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('offers STARTTLS and refuses AUTH, in plain text and after TLS alike', async () => {
    const { dialogue, greeting } = await SmtpDialogue.open(port);
    try {
      expect(greeting).toMatch(/^220 /);
      const plain = await dialogue.send('EHLO mx.example.org');
      expect(plain).toMatch(/^250-STARTTLS$/m);
      expect(plain).not.toMatch(/AUTH/);
      expect(await dialogue.send(plainAuth)).toMatch(/^5\d\d /);
      const secured = await dialogue.startTls({ ca: first.cert, servername: hostname });
      expect(secured.authorized).toBe(true);
      const encrypted = await dialogue.send('EHLO mx.example.org');
      expect(encrypted).toMatch(/^250[ -]/);
      expect(encrypted).not.toMatch(/STARTTLS|AUTH/);
      expect(await dialogue.send(plainAuth)).toMatch(/^5\d\d /);
      expect(await dialogue.send('MAIL FROM:<someone@example.org>')).toMatch(/^250 /);
    } finally {
      dialogue.close();
    }
  });

  it('receives mail from a sender that requires TLS and verifies the certificate', async () => {
    const sender = `tls.${dialect}@example.org`;
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      requireTLS: true,
      tls: { ca: first.cert, servername: hostname },
    });
    try {
      const raw = rawMessage({ from: sender, to: `support@${hostname}`, subject: 'Over TLS' });
      await transport.sendMail({ envelope: { from: sender, to: [`support@${hostname}`] }, raw });
    } finally {
      transport.close();
    }
    const threads = await server.app.get(SupportService).listThreads();
    expect(threads.filter((thread) => thread.fromAddress === sender).map((t) => t.subject)).toEqual([
      'Over TLS',
    ]);
  });

  it('presents a renewed certificate to new connections without a restart', async () => {
    const renewed = selfSignedCertificate(hostname);
    install(folder, renewed);
    await waitUntil(() => verifies(renewed), 'the renewed certificate');
    expect(await verifies(first)).toBe(false);
  });
});
