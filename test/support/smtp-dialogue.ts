import { connect, Socket } from 'node:net';
import { connect as connectTls, ConnectionOptions, TLSSocket } from 'node:tls';

/**
 * SMTP spoken line by line, for what a mail library will not do on purpose (AUTH in plain text) or
 * hides (the EHLO keywords, the certificate presented after STARTTLS).
 */
export class SmtpDialogue {
  private buffer = '';
  private waiting: ((reply: string) => void) | null = null;

  private constructor(private socket: Socket | TLSSocket) {
    this.listen(socket);
  }

  /** Connects and reads the greeting. */
  static async open(port: number): Promise<{ dialogue: SmtpDialogue; greeting: string }> {
    const socket = connect(port, '127.0.0.1');
    const dialogue = new SmtpDialogue(socket);
    return { dialogue, greeting: await dialogue.reply() };
  }

  /** Sends one command and returns the whole reply (all its lines). */
  async send(line: string): Promise<string> {
    const reply = this.reply();
    this.socket.write(`${line}\r\n`);
    return reply;
  }

  /** STARTTLS, then the TLS handshake on the same connection; returns the secured socket. */
  async startTls(options: ConnectionOptions): Promise<TLSSocket> {
    const reply = await this.send('STARTTLS');
    if (!reply.startsWith('220')) throw new Error(`STARTTLS refused: ${reply}`);
    this.socket.removeAllListeners('data');
    const secured = connectTls({ ...options, socket: this.socket as Socket });
    await new Promise<void>((resolve, reject) => {
      secured.once('secureConnect', resolve);
      secured.once('error', reject);
    });
    this.socket = secured;
    this.listen(secured);
    return secured;
  }

  close(): void {
    this.socket.destroy();
  }

  private reply(): Promise<string> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.deliver();
    });
  }

  private listen(socket: Socket): void {
    socket.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      this.deliver();
    });
    socket.on('error', () => undefined);
  }

  private deliver(): void {
    const end = /(^|\r\n)\d{3} [^\r\n]*\r\n/.exec(this.buffer);
    if (!end || !this.waiting) return;
    const length = end.index + end[0].length;
    const reply = this.buffer.slice(0, length).trim();
    this.buffer = this.buffer.slice(length);
    const resolve = this.waiting;
    this.waiting = null;
    resolve(reply);
  }
}
