import { AddressInfo } from 'node:net';
import PostalMime, { Email } from 'postal-mime';
import { SMTPServer, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';

export interface CapturedEmail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: Email;
  header(name: string): string | undefined;
}

/**
 * How the server answers one DATA command; `accept` by default. `accept-then-drop` keeps the message
 * but drops the connection before answering: the sender cannot know it was delivered.
 */
export type DataReply = 'accept' | { code: number; message: string } | 'drop-connection' | 'accept-then-drop';

interface SessionConnection {
  session: SMTPServerSession;
  _socket: { destroy(): void };
}

/** A real SMTP server on loopback that parses and keeps every message it accepts. */
export class SmtpCapture {
  readonly messages: CapturedEmail[] = [];
  /** Replies for the next DATA commands, in order; once used up, every message is accepted. */
  readonly replies: DataReply[] = [];
  /** How long the server thinks before accepting each message: a slow server keeps a flush under way. */
  acceptDelayMs = 0;
  private server!: SMTPServer;
  port = 0;

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
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

  async waitFor(count: number, timeoutMs = 10_000): Promise<CapturedEmail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      if (Date.now() > deadline)
        throw new Error(`expected ${count} emails, received ${this.messages.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.messages;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Cuts the TCP connection that carries this session, without an SMTP reply. */
  private dropConnection(session: SMTPServerSession): void {
    const connections = (this.server as unknown as { connections: Set<SessionConnection> }).connections;
    for (const connection of connections) if (connection.session === session) connection._socket.destroy();
  }

  private receive(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (error?: Error | null) => void,
  ): void {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', async () => {
      const reply = this.replies.shift() ?? 'accept';
      if (reply === 'drop-connection') {
        this.dropConnection(session);
        return;
      }
      if (typeof reply === 'object') {
        callback(Object.assign(new Error(reply.message), { responseCode: reply.code }));
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const parsed = await PostalMime.parse(raw);
      this.messages.push({
        envelope: {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        },
        raw,
        parsed,
        header: (name) => parsed.headers.find((header) => header.key === name.toLowerCase())?.value,
      });
      if (reply === 'accept-then-drop') {
        this.dropConnection(session);
        return;
      }
      if (this.acceptDelayMs) await new Promise((resolve) => setTimeout(resolve, this.acceptDelayMs));
      callback();
    });
  }
}
