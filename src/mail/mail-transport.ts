import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { SendMailOptions, Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { Config } from '../config/load-config';
import { PREPARED_HEADERS } from './domain/list-headers';

export interface MailTransport {
  /** How many sends to start at once. */
  readonly concurrency: number;
  send(message: SendMailOptions): Promise<void>;
  close(): void;
}

/**
 * nodemailer's DKIM signs a fixed header list that leaves out List-Unsubscribe-Post; receivers only
 * honour one-click unsubscription when both List-Unsubscribe headers are signed.
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'Auto-Submitted',
].join(':');

/** Our headers for nodemailer: the list headers are sent exactly as built (see `listHeaders`). */
export function transportHeaders(headers: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      PREPARED_HEADERS.has(name) ? { prepared: true, value } : value,
    ]),
  );
}

/** Over SMTP (pooled) when SMTP_URL is set; otherwise each email becomes an .eml file in MAIL_OUTBOX_DIR. */
export function createMailTransport(config: Config): MailTransport {
  const dkim = dkimOptions(config);
  return config.SMTP_URL
    ? new SmtpTransport(config, dkim)
    : new FileOutboxTransport(config.MAIL_OUTBOX_DIR, dkim);
}

function dkimOptions(config: Config) {
  if (!config.DKIM_PRIVATE_KEY) return undefined;
  return {
    domainName: config.MAIL_FROM.split('@')[1],
    keySelector: config.DKIM_SELECTOR,
    privateKey: config.DKIM_PRIVATE_KEY,
    headerFieldNames: DKIM_SIGNED_HEADERS,
  };
}

class SmtpTransport implements MailTransport {
  readonly concurrency: number;
  private readonly transporter: Transporter;

  constructor(config: Config, dkim: ReturnType<typeof dkimOptions>) {
    // nodemailer's pool only stays busy while its own queue is non-empty: with one message in flight per
    // connection, each connection idles between messages (several times slower on loopback).
    this.concurrency = config.SMTP_POOL_SIZE * 10;
    // Parsed here: given `{ url }`, nodemailer ignores every other option (pool, DKIM) in the object.
    this.transporter = nodemailer.createTransport({
      ...parseConnectionUrl(config.SMTP_URL!),
      pool: true,
      maxConnections: config.SMTP_POOL_SIZE,
      maxMessages: 1000,
      ...(config.SMTP_RATE_PER_SECOND ? { rateDelta: 1000, rateLimit: config.SMTP_RATE_PER_SECOND } : {}),
      ...(dkim ? { dkim } : {}),
    } as never);
  }

  async send(message: SendMailOptions): Promise<void> {
    await this.transporter.sendMail(message);
  }

  close(): void {
    this.transporter.close();
  }
}

class FileOutboxTransport implements MailTransport {
  readonly concurrency = 4;
  private readonly transporter: Transporter;

  constructor(
    private readonly directory: string,
    dkim: ReturnType<typeof dkimOptions>,
  ) {
    this.transporter = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      ...(dkim ? { dkim } : {}),
    });
  }

  async send(message: SendMailOptions): Promise<void> {
    const info = (await this.transporter.sendMail(message)) as { message: Buffer };
    await mkdir(this.directory, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const id = String(message.messageId ?? '')
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, 40);
    await writeFile(join(this.directory, `${stamp}-${id}.eml`), info.message);
  }

  close(): void {
    this.transporter.close();
  }
}
