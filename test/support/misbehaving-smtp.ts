import { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { CapturedEmail } from './smtp-capture';

/**
 * What the server does to one delivery attempt: answer a code at RCPT or at the end of DATA (a 421
 * also closes the connection, as real servers do), or cut the connection while the message arrives
 * (`drop-mid-data`) or after keeping it, before answering (`accept-then-drop`).
 */
export type Fault =
  { at: 'rcpt' | 'data'; code: number; message: string } | 'drop-mid-data' | 'accept-then-drop';

/** Decides, for each attempt at a recipient (1 for the first), what goes wrong, if anything. */
export type FaultPlan = (attempt: { recipient: string; attempt: number }) => Fault | undefined;

interface SessionConnection {
  session: SMTPServerSession;
  _socket: { destroy(): void };
}

/**
 * A real SMTP server on loopback that misbehaves on purpose, as providers do: it counts every attempt
 * per recipient and keeps (parsed) every message it accepted, so that a test can account for each one.
 */
export class MisbehavingSmtp {
  /** Messages the server accepted and kept, in order (a dropped answer still counts: it kept the message). */
  readonly received: CapturedEmail[] = [];
  /** RCPT commands seen per recipient (lower-cased). */
  readonly attempts = new Map<string, number>();
  /** Connections opened to the server. */
  connections = 0;
  plan: FaultPlan = () => undefined;
  port = 0;
  private server!: SMTPServer;
  private heldGreetings: Array<() => void> = [];
  private holdNextGreetings = 0;

  constructor(private readonly options: { maxBytes?: number } = {}) {}

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: this.options.maxBytes,
      onConnect: (_session, callback) => this.greet(callback),
      onRcptTo: (address, session, callback) => {
        const recipient = address.address.toLowerCase();
        this.attempts.set(recipient, (this.attempts.get(recipient) ?? 0) + 1);
        const fault = this.faultFor(session, recipient);
        callback(typeof fault === 'object' && fault.at === 'rcpt' ? smtpError(fault) : null);
      },
      onData: (stream, session, callback) => this.receive(stream, session, callback),
    });
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The next `count` connections get no greeting until `releaseGreetings` (a slow banner). */
  holdGreetings(count: number): void {
    this.holdNextGreetings += count;
  }

  releaseGreetings(): void {
    for (const release of this.heldGreetings.splice(0)) release();
  }

  get waitingForGreeting(): number {
    return this.heldGreetings.length;
  }

  /** How many copies of each Message-ID the server kept, by recipient. */
  copiesByRecipient(): Map<string, string[]> {
    const copies = new Map<string, string[]>();
    for (const email of this.received) {
      const recipient = email.envelope.to[0].toLowerCase();
      copies.set(recipient, [...(copies.get(recipient) ?? []), email.parsed.messageId ?? '']);
    }
    return copies;
  }

  async stop(): Promise<void> {
    this.releaseGreetings();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private greet(callback: () => void): void {
    this.connections += 1;
    if (this.holdNextGreetings === 0) return callback();
    this.holdNextGreetings -= 1;
    this.heldGreetings.push(callback);
  }

  private faultFor(session: SMTPServerSession, recipient?: string): Fault | undefined {
    const to = recipient ?? session.envelope.rcptTo[0]?.address.toLowerCase();
    return to ? this.plan({ recipient: to, attempt: this.attempts.get(to) ?? 0 }) : undefined;
  }

  private dropConnection(session: SMTPServerSession): void {
    const connections = (this.server as unknown as { connections: Set<SessionConnection> }).connections;
    for (const connection of connections) if (connection.session === session) connection._socket.destroy();
  }

  private receive(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (error?: Error | null) => void,
  ): void {
    const fault = this.faultFor(session);
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => {
      if (fault === 'drop-mid-data') return this.dropConnection(session);
      chunks.push(chunk);
    });
    stream.on('end', async () => {
      if (fault === 'drop-mid-data') return;
      if (stream.sizeExceeded)
        return callback(Object.assign(new Error('5.3.4 Message too big'), { responseCode: 552 }));
      if (typeof fault === 'object' && fault.at === 'data') return callback(smtpError(fault));
      const raw = Buffer.concat(chunks).toString('utf8');
      const parsed = await PostalMime.parse(raw);
      this.received.push({
        envelope: {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        },
        raw,
        parsed,
        header: (name) => parsed.headers.find((header) => header.key === name.toLowerCase())?.value,
      });
      if (fault === 'accept-then-drop') return this.dropConnection(session);
      callback();
    });
  }
}

function smtpError(fault: { code: number; message: string }): Error {
  return Object.assign(new Error(fault.message), { responseCode: fault.code });
}
