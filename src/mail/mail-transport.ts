import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { SendMailOptions, Transporter } from 'nodemailer';
import { Config } from '../config/load-config';

export interface MailTransport {
  send(message: SendMailOptions): Promise<void>;
  close(): void;
}

/** Over SMTP (pooled) when SMTP_URL is set; otherwise each email becomes an .eml file in MAIL_OUTBOX_DIR. */
export function createMailTransport(config: Config): MailTransport {
  return config.SMTP_URL
    ? new SmtpTransport(config.SMTP_URL)
    : new FileOutboxTransport(config.MAIL_OUTBOX_DIR);
}

class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(url: string) {
    this.transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 5 } as never);
  }

  async send(message: SendMailOptions): Promise<void> {
    await this.transporter.sendMail(message);
  }

  close(): void {
    this.transporter.close();
  }
}

class FileOutboxTransport implements MailTransport {
  private readonly transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(private readonly directory: string) {}

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
