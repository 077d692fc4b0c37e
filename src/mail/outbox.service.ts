import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { newId } from '../common/ids';
import { runConcurrently } from '../common/run-concurrently';
import { isUniqueViolation } from '../common/zod-errors';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { insertRows } from '../db/raw-rows';
import { quotePhrase } from './domain/list-headers';
import { classifySendError, isAddressFailure, SmtpFailure } from './domain/retry-policy';
import { MAIL_TRANSPORT } from './mail.tokens';
import { MailTransport, transportHeaders } from './mail-transport';
import { OutboxEmailEntity } from './outbox-email.entity';
import { admitEverything, SEND_GATE, SendGate } from './send-gate';
import { SuppressionList } from './suppression-list';

export interface EmailToSend {
  /** The row id (and so the Message-ID); chosen by the caller when its headers must name it. */
  id?: string;
  /** One per logical email: enqueueing the same key again does nothing. */
  dedupKey: string;
  userId: string | null;
  kind: string;
  to: string;
  fromName?: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** SMTP envelope sender (VERP bounce address); MAIL_FROM when unset. */
  envelopeFrom?: string;
  replyTo?: string;
  /** The subscriptions this email's List-Unsubscribe link ends. */
  subscriptionIds?: string[];
  /** Credits charged when the email is sent; 0 (the default) for service mail. */
  cost?: number;
}

export interface FlushResult {
  sent: number;
  retrying: number;
  failed: number;
  held: number;
  suppressed: number;
}

const LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 100;

/**
 * The outbox: emails are stored whole, then claimed a batch at a time by one conditional UPDATE that
 * stamps a claim token and a lease, so that two workers never send the same row; a batch is sent
 * concurrently up to the transport's pool size. A crash after the server accepted a message but before
 * we recorded it means the row is sent again when its lease expires, with the same Message-ID:
 * at-least-once, which receivers can deduplicate; at-most-once would lose mail.
 */
@Injectable()
export class OutboxService implements OnModuleDestroy {
  private readonly logger = new Logger(OutboxService.name);

  constructor(
    @InjectRepository(OutboxEmailEntity) private readonly outbox: Repository<OutboxEmailEntity>,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
    private readonly suppressions: SuppressionList,
    @Optional() @Inject(SEND_GATE) private readonly gate: SendGate = admitEverything,
  ) {}

  /** Stores the email for sending; returns false when an email with this key was enqueued before. */
  async enqueue(email: EmailToSend): Promise<boolean> {
    const now = this.clock.now();
    const id = email.id ?? newId();
    const domain = this.config.MAIL_FROM.split('@')[1];
    try {
      await insertRows(this.outbox.manager, OutboxEmailEntity, [
        {
          id,
          dedupKey: email.dedupKey,
          userId: email.userId,
          kind: email.kind,
          toAddress: email.to,
          fromAddress: email.fromName
            ? `${quotePhrase(email.fromName)} <${this.config.MAIL_FROM}>`
            : this.config.MAIL_FROM,
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: email.headers ?? {},
          envelopeFrom: email.envelopeFrom ?? null,
          replyTo: email.replyTo ?? null,
          subscriptionIds: email.subscriptionIds ?? null,
          claimToken: null,
          messageId: `<${id.toLowerCase()}@${domain}>`,
          status: 'pending',
          cost: email.cost ?? 0,
          attempts: 0,
          nextAttemptAt: now,
          leaseUntil: null,
          lastError: null,
          createdAt: now,
          sentAt: null,
          softBounces: 0,
        },
      ]);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Sends every email that is due, batch after batch, until none is left. */
  async flush(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, retrying: 0, failed: 0, held: 0, suppressed: 0 };
    for (;;) {
      const claimed = await this.claimBatch();
      if (claimed.length === 0) return result;
      const withheld = await this.suppressions.withheldAmong(claimed);
      await runConcurrently(claimed, this.transport.concurrency, async (email) => {
        result[await this.deliver(email, withheld)] += 1;
      });
    }
  }

  /** Puts a user's held emails back in the queue, oldest first (after a purchase). */
  async releaseHeld(userId: string): Promise<number> {
    const result = await this.outbox.update(
      { userId, status: 'held' },
      { status: 'pending', nextAttemptAt: this.clock.now() },
    );
    return result.affected ?? 0;
  }

  /** How many of a user's emails wait for credits. */
  countHeld(userId: string): Promise<number> {
    return this.outbox.countBy({ userId, status: 'held' });
  }

  /** A bounce report for one of our rows (its VERP address): the row failed, its address is suppressed. */
  async recordBounce(outboxEmailId: string, detail: string): Promise<boolean> {
    const email = await this.outbox.findOneBy({ id: outboxEmailId });
    if (!email) return false;
    await this.outbox.update({ id: email.id }, { status: 'failed', lastError: detail.slice(0, 1000) });
    await this.suppressions.suppress(email.toAddress, detail, email.id);
    return true;
  }

  /** A delay report (4.x.x) for one of our rows: only counted. Returns false for an unknown row. */
  async recordDelay(outboxEmailId: string): Promise<boolean> {
    const result = await this.outbox.increment({ id: outboxEmailId }, 'softBounces', 1);
    return result.affected === 1;
  }

  /** Lets mail reach an address again (fixed mailbox) and requeues what waited for it. */
  async liftSuppression(address: string): Promise<number> {
    await this.suppressions.lift(address);
    const result = await this.outbox
      .createQueryBuilder()
      .update()
      .set({ status: 'pending', nextAttemptAt: this.clock.now() })
      .where('status = :suppressed AND LOWER(to_address) = :address', {
        suppressed: 'suppressed',
        address: address.toLowerCase(),
      })
      .execute();
    return result.affected ?? 0;
  }

  /** The subscriptions an email's unsubscribe link ends (empty for an unknown email). */
  async subscriptionIdsOf(emailId: string): Promise<string[]> {
    const email = await this.outbox.findOne({
      select: { id: true, subscriptionIds: true },
      where: { id: emailId },
    });
    return email?.subscriptionIds ?? [];
  }

  findById(id: string): Promise<OutboxEmailEntity | null> {
    return this.outbox.findOneBy({ id });
  }

  async findByMessageIds(messageIds: string[]): Promise<OutboxEmailEntity[]> {
    return messageIds.length ? this.outbox.findBy({ messageId: In(messageIds) }) : [];
  }

  async findByDedupKeys(keys: string[]): Promise<OutboxEmailEntity[]> {
    return keys.length ? this.outbox.findBy({ dedupKey: In(keys) }) : [];
  }

  onModuleDestroy(): void {
    this.transport.close();
  }

  private async claimBatch(): Promise<OutboxEmailEntity[]> {
    const now = this.clock.now();
    const isDue = new Brackets((where) =>
      where
        .where('status = :pending AND next_attempt_at <= :now')
        .orWhere('status = :sending AND lease_until < :now'),
    );
    const parameters = { pending: 'pending', sending: 'sending', now };
    const candidates = await this.outbox
      .createQueryBuilder()
      .select('id')
      .where(isDue)
      .setParameters(parameters)
      .orderBy('next_attempt_at', 'ASC')
      .limit(BATCH_SIZE)
      .getRawMany<{ id: string }>();
    if (candidates.length === 0) return [];
    const claimToken = newId();
    await this.outbox
      .createQueryBuilder()
      .update()
      .set({ status: 'sending', leaseUntil: new Date(now.getTime() + LEASE_MS), claimToken })
      .where('id IN (:...ids)', { ids: candidates.map((row) => row.id) })
      .andWhere(isDue)
      .setParameters(parameters)
      .execute();
    return this.outbox.find({ where: { claimToken, status: 'sending' }, order: { createdAt: 'ASC' } });
  }

  private async deliver(email: OutboxEmailEntity, withheld: Set<string>): Promise<keyof FlushResult> {
    if (withheld.has(email.id)) {
      await this.outbox.update({ id: email.id }, { status: 'suppressed', leaseUntil: null });
      return 'suppressed';
    }
    if ((await this.gate.admit(email)) === 'hold') {
      await this.outbox.update({ id: email.id }, { status: 'held', leaseUntil: null });
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
      return this.recordFailure(email, attempts, error as SmtpFailure & Error);
    }
    await this.outbox.update(
      { id: email.id },
      { status: 'sent', attempts, sentAt: this.clock.now(), leaseUntil: null, lastError: null },
    );
    await this.gate.settle(email, 'sent');
    return 'sent';
  }

  private async recordFailure(
    email: OutboxEmailEntity,
    attempts: number,
    error: SmtpFailure & Error,
  ): Promise<keyof FlushResult> {
    const failure = classifySendError(error, attempts, this.clock.now());
    const lastError = String(error.message).slice(0, 1000);
    await this.gate.settle(email, 'not-sent');
    this.logger.warn(`email ${email.id} not sent (attempt ${attempts}): ${lastError}`);
    if (failure.kind === 'retry') {
      await this.outbox.update(
        { id: email.id },
        { status: 'pending', attempts, nextAttemptAt: failure.retryAt, leaseUntil: null, lastError },
      );
      return 'retrying';
    }
    await this.outbox.update({ id: email.id }, { status: 'failed', attempts, leaseUntil: null, lastError });
    if (isAddressFailure(error)) await this.suppressions.suppress(email.toAddress, lastError, email.id);
    return 'failed';
  }
}
