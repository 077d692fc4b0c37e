import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A fast SMTP server on loopback for emails by the thousand: it accepts everything and keeps counts
 * (each recipient, each Message-ID, the subjects), reading only the header of each message. For the
 * content of a few emails, `SmtpCapture` parses them whole.
 */
export class SmtpSink {
  /** Messages accepted per envelope recipient. */
  readonly recipients = new Map<string, number>();
  /** Messages accepted per Message-ID (more than 1: the same email delivered twice). */
  readonly messageIds = new Map<string, number>();
  readonly subjects = new Set<string>();
  received = 0;
  /** When the first and the last message of the count were accepted (ms since the epoch). */
  firstAt = 0;
  lastAt = 0;
  port = 0;
  private server!: SMTPServer;

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      logger: false,
      size: 50 * 1024 * 1024,
      onData: (stream, session, callback) => {
        let head = '';
        stream.on('data', (chunk: Buffer) => {
          if (head.length < 64 * 1024 && !head.includes('\r\n\r\n')) head += chunk.toString('latin1');
        });
        stream.on('end', () => {
          this.count(head.slice(0, head.indexOf('\r\n\r\n') >>> 0), session.envelope.rcptTo);
          callback();
        });
      },
    });
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  /** Messages whose Message-ID arrived more than once. */
  get doubled(): number {
    return [...this.messageIds.values()].reduce((sum, count) => sum + (count - 1), 0);
  }

  reset(): void {
    this.recipients.clear();
    this.messageIds.clear();
    this.subjects.clear();
    this.received = 0;
    this.firstAt = 0;
    this.lastAt = 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private count(head: string, rcptTo: ReadonlyArray<{ address: string }>): void {
    this.received += 1;
    this.lastAt = Date.now();
    this.firstAt ||= this.lastAt;
    const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
    const messageId = /^message-id:\s*(.+)$/im.exec(unfolded)?.[1].trim() ?? `(none ${this.received})`;
    this.messageIds.set(messageId, (this.messageIds.get(messageId) ?? 0) + 1);
    const subject = /^subject:\s*(.*)$/im.exec(unfolded)?.[1].trim();
    if (subject !== undefined) this.subjects.add(subject);
    for (const { address } of rcptTo) this.recipients.set(address, (this.recipients.get(address) ?? 0) + 1);
  }
}
