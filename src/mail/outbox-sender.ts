import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { runConcurrently } from '../common/run-concurrently';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { classifySendError, isAddressFailure, SmtpFailure } from './domain/retry-policy';
import { MAIL_TRANSPORT } from './mail.tokens';
import { MailTransport, transportHeaders } from './mail-transport';
import { OutboxEmailEntity } from './outbox-email.entity';
import { OutboxRepository } from './outbox.repository';
import { LowBalanceNotice, SendGate } from './send-gate';
import { SuppressionsRepository } from './suppressions.repository';

export interface FlushResult {
  sent: number;
  retrying: number;
  failed: number;
  held: number;
  suppressed: number;
}

/** Told when the gate held an email, with what to tell its user. */
export type HeldListener = (email: OutboxEmailEntity, notice: LowBalanceNotice) => Promise<unknown>;

const LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 100;

/**
 * Sends what the outbox holds, a claimed batch at a time, concurrently up to the transport's pool size.
 * Each row is parked when its address is suppressed or its user cannot pay (the gate), else sent; a 4xx
 * or a dropped connection retries with back-off, a 5xx fails the row, an address failure suppresses
 * the address. A crash after the server accepted a message but before we recorded it means the row is
 * sent again when its lease expires, with the same Message-ID: at-least-once, which receivers can
 * deduplicate; at-most-once would lose mail.
 */
@Injectable()
export class OutboxSender implements OnModuleDestroy {
  private readonly logger = new Logger(OutboxSender.name);
  private readonly heldListeners: HeldListener[] = [];

  constructor(
    private readonly rows: OutboxRepository,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly suppressions: SuppressionsRepository,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Sends every email that is due, batch after batch, until none is left. */
  async flush(gate: SendGate): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, retrying: 0, failed: 0, held: 0, suppressed: 0 };
    for (;;) {
      const now = this.clock.now();
      const claimed = await this.rows.claimDue(now, new Date(now.getTime() + LEASE_MS), BATCH_SIZE);
      if (claimed.length === 0) return result;
      const withheld = await this.suppressions.withheldAmong(claimed);
      await runConcurrently(claimed, this.transport.concurrency, async (email) => {
        result[await this.deliver(email, withheld, gate)] += 1;
      });
    }
  }

  onHeld(listener: HeldListener): void {
    this.heldListeners.push(listener);
  }

  onModuleDestroy(): void {
    this.transport.close();
  }

  private async deliver(
    email: OutboxEmailEntity,
    withheld: Set<string>,
    gate: SendGate,
  ): Promise<keyof FlushResult> {
    if (withheld.has(email.id)) {
      await this.rows.endAttempt(email.id, { status: 'suppressed' });
      return 'suppressed';
    }
    const admission = await gate.admit(email);
    if (admission.kind === 'hold') {
      await this.rows.endAttempt(email.id, { status: 'held' });
      for (const listener of this.heldListeners) await listener(email, admission.notice);
      return 'held';
    }
    const attempts = email.attempts + 1;
    try {
      await this.transport.send({
        from: email.fromAddress,
        to: email.toAddress,
        replyTo: email.replyTo ?? undefined,
        envelope: { from: email.envelopeFrom ?? this.config.MAIL_FROM, to: [email.toAddress] },
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: email.messageId,
        date: email.createdAt,
        headers: transportHeaders(email.headers),
      });
    } catch (error) {
      await gate.settle(email, 'not-sent');
      return this.recordFailure(email, attempts, error as SmtpFailure & Error);
    }
    const sentAt = this.clock.now();
    await this.rows.endAttempt(email.id, { status: 'sent', attempts, sentAt, lastError: null });
    await gate.settle(email, 'sent');
    return 'sent';
  }

  private async recordFailure(
    email: OutboxEmailEntity,
    attempts: number,
    error: SmtpFailure & Error,
  ): Promise<keyof FlushResult> {
    const failure = classifySendError(error, attempts, this.clock.now());
    const lastError = String(error.message).slice(0, 1000);
    this.logger.warn(`email ${email.id} not sent (attempt ${attempts}): ${lastError}`);
    if (failure.kind === 'retry') {
      const retry = { status: 'pending', attempts, nextAttemptAt: failure.retryAt, lastError } as const;
      await this.rows.endAttempt(email.id, retry);
      return 'retrying';
    }
    await this.rows.endAttempt(email.id, { status: 'failed', attempts, lastError });
    if (isAddressFailure(error)) await this.suppressions.suppress(email.toAddress, lastError, email.id);
    return 'failed';
  }
}
