import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { Readable } from 'node:stream';

/**
 * How far one delivery got when it failed: opening the connection, the envelope (MAIL FROM, RCPT TO,
 * DATA), transmitting the message after the server accepted DATA, or waiting for the server's
 * verdict on it. From `data` on, a lost connection leaves us unsure whether the server kept it.
 */
export type SendPhase = 'connect' | 'envelope' | 'data' | 'verdict';

/** A delivery that failed, with what the server said (if it said anything) and where it happened. */
export class SmtpSendError extends Error {
  constructor(
    message: string,
    readonly phase: SendPhase,
    readonly responseCode?: number,
    readonly response?: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SmtpSendError';
  }

  /** The connection was lost after the server accepted DATA: it may have kept the message. */
  get isMaybeSent(): boolean {
    return this.responseCode === undefined && (this.phase === 'data' || this.phase === 'verdict');
  }
}

export interface SmtpPoolOptions {
  connection: SMTPConnection.Options;
  credentials?: SMTPConnection.Credentials;
  size: number;
  messagesPerConnection: number;
  /** A delivery still unsettled after this long is abandoned and its connection closed. */
  deadlineMs: number;
}

interface Pooled {
  connection: SMTPConnection;
  messages: number;
  /** Where the delivery under way got to (null when idle). */
  phase: SendPhase | null;
  /** Fails the delivery (or the connecting) under way when the connection is lost. */
  fail: ((error: SmtpSendError) => void) | null;
  isGone: boolean;
}

/**
 * Connections to one SMTP server, each carrying one delivery at a time, over nodemailer's
 * SMTPConnection. Unlike nodemailer's own pool it never sends a message again by itself when a
 * connection drops, and it says how far a failed delivery got, so that the outbox alone decides.
 */
export class SmtpPool {
  private readonly idle: Pooled[] = [];
  private readonly waiting: Array<(pooled: Pooled | null) => void> = [];
  private open = 0;
  private closed = false;

  constructor(private readonly options: SmtpPoolOptions) {}

  /** Sends a complete message; resolves with the server's reply, rejects with an SmtpSendError. */
  async send(envelope: { from: string; to: string[] }, message: Buffer): Promise<string> {
    const pooled = await this.acquire();
    try {
      const response = await this.deliver(pooled, envelope, message);
      this.release(pooled);
      return response;
    } catch (error) {
      this.forget(pooled);
      throw error;
    }
  }

  close(): void {
    this.closed = true;
    for (const pooled of [...this.idle]) this.forget(pooled);
    for (const wake of this.waiting.splice(0)) wake(null);
  }

  private async acquire(): Promise<Pooled> {
    for (;;) {
      if (this.closed) throw new SmtpSendError('the SMTP pool is closed', 'connect');
      const ready = this.idle.pop();
      if (ready) return ready;
      if (this.open < this.options.size) return this.connect();
      const handed = await new Promise<Pooled | null>((resolve) => this.waiting.push(resolve));
      if (handed) return handed;
    }
  }

  private connect(): Promise<Pooled> {
    this.open += 1;
    const connection = new SMTPConnection({ ...this.options.connection, logger: false });
    const pooled: Pooled = { connection, messages: 0, phase: 'connect', fail: null, isGone: false };
    connection.on('error', (error: Error) => this.lost(pooled, error));
    connection.on('end', () =>
      this.lost(pooled, Object.assign(new Error('connection closed'), { code: 'ECONNECTION' })),
    );
    return new Promise((resolve, reject) => {
      pooled.fail = reject;
      const ready = () => {
        pooled.phase = null;
        pooled.fail = null;
        resolve(pooled);
      };
      connection.connect(() => {
        withoutNagle(connection);
        const credentials = this.options.credentials;
        if (!credentials) return ready();
        connection.login({ credentials }, (error) => (error ? this.lost(pooled, error) : ready()));
      });
    });
  }

  private deliver(
    pooled: Pooled,
    envelope: { from: string; to: string[] },
    message: Buffer,
  ): Promise<string> {
    return new Promise((resolve, reject) => {
      const deadline = setTimeout(
        () => this.lost(pooled, Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })),
        this.options.deadlineMs,
      );
      pooled.phase = 'envelope';
      pooled.fail = (error) => {
        clearTimeout(deadline);
        reject(error);
      };
      // SMTPConnection reads the message only once the server has accepted DATA (354).
      const body = new Readable({
        read() {
          pooled.phase = 'data';
          this.push(message);
          this.push(null);
        },
      });
      body.once('end', () => (pooled.phase = 'verdict'));
      pooled.connection.send(envelope, body, (error, info) => {
        if (!pooled.fail) return;
        clearTimeout(deadline);
        pooled.fail = null;
        if (error) reject(toSendError(error, pooled.phase ?? 'envelope'));
        else resolve(info.response);
        pooled.phase = null;
      });
    });
  }

  /** The connection failed or closed: it is gone, and so is whatever it was doing. */
  private lost(pooled: Pooled, error: Error & { code?: string }): void {
    const fail = pooled.fail;
    pooled.fail = null;
    this.forget(pooled);
    fail?.(toSendError(error, pooled.phase ?? 'connect'));
  }

  private release(pooled: Pooled): void {
    pooled.messages += 1;
    if (this.closed || pooled.isGone || pooled.messages >= this.options.messagesPerConnection)
      return this.forget(pooled);
    const next = this.waiting.shift();
    if (next) next(pooled);
    else this.idle.push(pooled);
  }

  /** Closes a connection once and leaves room for a new one. */
  private forget(pooled: Pooled): void {
    if (pooled.isGone) return;
    pooled.isGone = true;
    const index = this.idle.indexOf(pooled);
    if (index >= 0) this.idle.splice(index, 1);
    this.open -= 1;
    pooled.connection.close();
    this.waiting.shift()?.(null);
  }
}

/**
 * Every step of SMTP is a write and a wait for the reply, and SMTPConnection writes a message's closing
 * `.` apart from its body: with Nagle's algorithm on, that last write waits for the server's delayed
 * ACK, 40 ms on Linux, so one connection carried at most ~22 messages a second (~100/s for a pool of 5
 * on loopback, ~750–2,400/s without). SMTPConnection has no option for it, hence its socket, reached
 * once connected (a TLS socket passes it on to its TCP socket).
 */
function withoutNagle(connection: SMTPConnection): void {
  (connection as unknown as { _socket?: { setNoDelay?: (noDelay: boolean) => void } })._socket?.setNoDelay?.(
    true,
  );
}

function toSendError(
  error: Error & { code?: string; responseCode?: number; response?: string },
  phase: SendPhase,
): SmtpSendError {
  if (error instanceof SmtpSendError) return error;
  const responseCode = typeof error.responseCode === 'number' ? error.responseCode : undefined;
  return new SmtpSendError(error.message, phase, responseCode, error.response, error.code);
}
