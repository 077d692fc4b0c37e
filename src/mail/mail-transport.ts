import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { SendMailOptions, Transporter } from 'nodemailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { makePrivateFolder, PRIVATE_FILE_MODE } from '../config/private-files';
import { Config } from '../config/load-config';
import { PREPARED_HEADERS } from './domain/list-headers';
import { SmtpPool } from './smtp-pool';

export interface MailTransport {
  /** How many sends it takes at once; more would only wait inside it, out of the outbox's sight. */
  readonly capacity: number;
  /** Sends one message to its envelope recipients; an SMTP failure rejects with an `SmtpSendError`. */
  send(message: SendMailOptions & { envelope: { from: string; to: string[] } }): Promise<void>;
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
    domainName: config.MAIL_FROM.domain,
    keySelector: config.DKIM_SELECTOR,
    privateKey: config.DKIM_PRIVATE_KEY,
    headerFieldNames: DKIM_SIGNED_HEADERS,
  };
}

/** Timeouts of one SMTP connection: all well inside the outbox's five-minute claim on a row. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
const SEND_DEADLINE_MS = 2 * 60_000;

/**
 * Messages are composed (and DKIM-signed) by nodemailer into bytes, then delivered through our own
 * `SmtpPool`, which reports how far a failed delivery got instead of re-sending by itself.
 */
class SmtpTransport implements MailTransport {
  readonly capacity: number;
  private readonly composer: Transporter;
  private readonly pool: SmtpPool;

  constructor(config: Config, dkim: ReturnType<typeof dkimOptions>) {
    // Twice the connections: the next messages are composed while the pool sends.
    this.capacity = config.SMTP_POOL_SIZE * 2;
    this.composer = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'windows',
      ...(dkim ? { dkim } : {}),
    });
    const { auth, ...connection } = parseConnectionUrl(config.SMTP_URL!) as SMTPConnection.Options & {
      auth?: { user?: string; pass?: string };
    };
    this.pool = new SmtpPool({
      connection: { ...connection, ...SMTP_TIMEOUTS },
      credentials: auth?.user ? { user: auth.user, pass: auth.pass ?? '' } : undefined,
      size: config.SMTP_POOL_SIZE,
      messagesPerConnection: 1000,
      deadlineMs: SEND_DEADLINE_MS,
    });
  }

  async send(message: SendMailOptions & { envelope: { from: string; to: string[] } }): Promise<void> {
    const composed = (await this.composer.sendMail(message)) as { message: Buffer };
    await this.pool.send(message.envelope, composed.message);
  }

  close(): void {
    this.pool.close();
    this.composer.close();
  }
}

class FileOutboxTransport implements MailTransport {
  readonly capacity = 4;
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
    // Readers' addresses and working unsubscribe links: the owner's alone (0700 folder, 0600 files).
    makePrivateFolder(this.directory);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const id = String(message.messageId ?? '')
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, 40);
    await writeFile(join(this.directory, `${stamp}-${id}.eml`), info.message, { mode: PRIVATE_FILE_MODE });
  }

  close(): void {
    this.transporter.close();
  }
}
