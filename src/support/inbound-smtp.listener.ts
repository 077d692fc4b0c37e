import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { SMTPServer, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { InboundMailService } from './inbound-mail.service';
import { InboundTlsFiles, TlsPair } from './inbound-tls-files';
import { MessageRefusedError, MessageTooLargeError } from './support-errors';

type Reply = (error?: Error | null) => void;

/**
 * The SMTP listener for replies and bounces (role `serve`, INBOUND_SMTP_PORT set). Refusals happen
 * in the SMTP dialogue, so nothing is stored for them. Whatever is refused for its content is permanent,
 * with the reason (a forged token at RCPT 550, a message over INBOUND_MAX_BYTES 552, one the parser
 * refuses 554), so that the sender stops at once and tells its user; only a failure of ours (the
 * database down) is temporary (451), so that the sender retries.
 * With INBOUND_TLS_CERT/KEY it offers STARTTLS (offered, not required: RFC 3207 forbids a public MX to
 * insist), with the files read again when they change. AUTH is never offered: no one logs in to an MX,
 * and credentials must not cross it, in plain text or not.
 */
@Injectable()
export class InboundSmtpListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(InboundSmtpListener.name);
  private server: SMTPServer | null = null;
  private tlsFiles: InboundTlsFiles | null = null;
  private readonly domain: string;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly inbound: InboundMailService,
  ) {
    this.domain = config.MAIL_FROM.domain;
  }

  /** The port listened on, or null when the listener is off. */
  get port(): number | null {
    return this.server ? (this.server.server.address() as AddressInfo).port : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.INBOUND_SMTP_PORT) return;
    const tls = this.loadTls();
    const server = new SMTPServer({
      name: this.domain,
      banner: 'Tidings',
      authOptional: true,
      disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      ...(tls ? { cert: tls.cert, key: tls.key } : {}),
      size: this.config.INBOUND_MAX_BYTES,
      logger: false,
      closeTimeout: 5000,
      onRcptTo: (address, _session, reply) => this.checkRecipient(address.address, reply),
      onData: (stream, session, reply) => this.receive(stream, session, reply),
    });
    server.on('error', (error) => this.logger.warn(`inbound SMTP: ${error.message}`));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.config.INBOUND_SMTP_PORT, this.config.INBOUND_SMTP_HOST, resolve);
    });
    this.server = server;
    this.tlsFiles?.watch((result) => this.onTlsChange(server, result));
    const security = tls ? `with STARTTLS (${tls.summary})` : 'without TLS';
    this.logger.log(`inbound SMTP on ${this.config.INBOUND_SMTP_HOST}:${this.port} ${security}`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.tlsFiles?.close();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private loadTls(): TlsPair | null {
    const { INBOUND_TLS_CERT: cert, INBOUND_TLS_KEY: key } = this.config;
    if (!cert || !key) return null;
    this.tlsFiles = new InboundTlsFiles(cert, key);
    return this.tlsFiles.load();
  }

  private onTlsChange(server: SMTPServer, result: TlsPair | Error): void {
    if (result instanceof Error)
      return this.logger.warn(
        `inbound TLS files changed but not reloaded, the previous pair stays: ${result.message}`,
      );
    server.updateSecureContext({ cert: result.cert, key: result.key });
    this.logger.log(`inbound TLS certificate reloaded (${result.summary})`);
  }

  private checkRecipient(address: string, reply: Reply): void {
    if (address.split('@').pop()?.toLowerCase() !== this.domain)
      return reply(smtpError(550, '5.7.1 relaying denied'));
    try {
      this.inbound.checkRecipient(address);
      reply();
    } catch (error) {
      reply(this.answerFor(error as Error));
    }
  }

  private receive(stream: SMTPServerDataStream, session: SMTPServerSession, reply: Reply): void {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= this.config.INBOUND_MAX_BYTES) chunks.push(chunk);
    });
    stream.once('end', () => {
      if (stream.sizeExceeded || size > this.config.INBOUND_MAX_BYTES)
        return reply(
          refusal(
            new MessageTooLargeError(`the message is larger than ${this.config.INBOUND_MAX_BYTES} bytes`),
          ),
        );
      const envelope = {
        mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
      };
      this.inbound.receive(Buffer.concat(chunks), envelope).then(
        () => reply(),
        (error: Error) => reply(this.answerFor(error)),
      );
    });
  }

  private answerFor(error: Error): Error {
    if (error instanceof MessageRefusedError) return refusal(error);
    this.logger.error({ err: error }, 'inbound message not stored');
    return smtpError(451, '4.3.0 temporary failure, try again later');
  }
}

/** The refusal as one reply line: its code, its enhanced status and its reason. */
function refusal(error: MessageRefusedError): Error {
  const reason = error.message.replace(/[\r\n]+/g, ' ').slice(0, 400);
  return smtpError(error.smtpCode, `${error.smtpStatus} ${reason}`);
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}
