import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { newId } from '../common/ids';
import { isUniqueViolation } from '../common/zod-errors';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { classifySendError } from './domain/retry-policy';
import { MAIL_TRANSPORT } from './mail.tokens';
import { MailTransport } from './mail-transport';
import { OutboxEmailEntity } from './outbox-email.entity';
import { admitEverything, SEND_GATE, SendGate } from './send-gate';

export interface EmailToSend {
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
  /** Credits charged when the email is sent; 0 (the default) for service mail. */
  cost?: number;
}

export interface FlushResult {
  sent: number;
  retrying: number;
  failed: number;
  held: number;
}

const LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 100;

/**
 * The outbox: emails are stored whole, then claimed with a lease (compare-and-set on the status) so
 * that two workers never send the same row. A crash after the server accepted a message but before we
 * recorded it means the row is sent again when its lease expires, with the same Message-ID:
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
    @Optional() @Inject(SEND_GATE) private readonly gate: SendGate = admitEverything,
  ) {}

  /** Stores the email for sending; returns false when an email with this key was enqueued before. */
  async enqueue(email: EmailToSend): Promise<boolean> {
    const now = this.clock.now();
    const id = newId();
    const domain = this.config.MAIL_FROM.split('@')[1];
    try {
      await this.outbox.insert({
        id,
        dedupKey: email.dedupKey,
        userId: email.userId,
        kind: email.kind,
        toAddress: email.to,
        fromAddress: formatFrom(email.fromName, this.config.MAIL_FROM),
        subject: email.subject,
        html: email.html,
        text: email.text,
        headers: email.headers ?? {},
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
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Sends every email that is due, batch after batch, until none is left. */
  async flush(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, retrying: 0, failed: 0, held: 0 };
    for (;;) {
      const claimed = await this.claimBatch();
      if (claimed.length === 0) return result;
      for (const email of claimed) result[await this.deliver(email)] += 1;
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

  async findByDedupKeys(keys: string[]): Promise<OutboxEmailEntity[]> {
    return keys.length ? this.outbox.findBy({ dedupKey: In(keys) }) : [];
  }

  async findById(id: string): Promise<OutboxEmailEntity | null> {
    return this.outbox.findOneBy({ id });
  }

  async findByMessageIds(messageIds: string[]): Promise<OutboxEmailEntity[]> {
    return messageIds.length ? this.outbox.findBy({ messageId: In(messageIds) }) : [];
  }

  /** A permanent bounce reported after sending: the row is `bounced`; returns false for an unknown row. */
  async markBounced(id: string, detail: string): Promise<boolean> {
    const result = await this.outbox.update({ id }, { status: 'bounced', lastError: detail.slice(0, 1000) });
    return result.affected === 1;
  }

  /** A temporary failure reported after sending only counts. */
  async countSoftBounce(id: string): Promise<void> {
    await this.outbox.increment({ id }, 'softBounces', 1);
  }

  onModuleDestroy(): void {
    this.transport.close();
  }

  private async claimBatch(): Promise<OutboxEmailEntity[]> {
    const now = this.clock.now();
    const candidates = await this.outbox
      .createQueryBuilder('email')
      .select(['email.id'])
      .where(
        new Brackets((where) =>
          where
            .where('email.status = :pending AND email.next_attempt_at <= :now')
            .orWhere('email.status = :sending AND email.lease_until < :now'),
        ),
      )
      .setParameters({ pending: 'pending', sending: 'sending', now })
      .orderBy('email.next_attempt_at', 'ASC')
      .limit(BATCH_SIZE)
      .getMany();
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    const claimed: string[] = [];
    for (const { id } of candidates) {
      const update = await this.outbox
        .createQueryBuilder()
        .update()
        .set({ status: 'sending', leaseUntil })
        .where('id = :id', { id })
        .andWhere(
          new Brackets((where) =>
            where.where('status = :pending').orWhere('status = :sending AND lease_until < :now'),
          ),
        )
        .setParameters({ pending: 'pending', sending: 'sending', now })
        .execute();
      if (update.affected === 1) claimed.push(id);
    }
    return claimed.length ? this.outbox.findBy({ id: In(claimed) }) : [];
  }

  private async deliver(email: OutboxEmailEntity): Promise<keyof FlushResult> {
    if ((await this.gate.admit(email)) === 'hold') {
      await this.outbox.update({ id: email.id }, { status: 'held', leaseUntil: null });
      return 'held';
    }
    const attempts = email.attempts + 1;
    try {
      await this.transport.send({
        from: email.fromAddress,
        to: email.toAddress,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: email.messageId,
        date: email.createdAt,
        headers: email.headers,
      });
      await this.outbox.update(
        { id: email.id },
        { status: 'sent', attempts, sentAt: this.clock.now(), leaseUntil: null, lastError: null },
      );
      return 'sent';
    } catch (error) {
      const failure = classifySendError(error as { responseCode?: number }, attempts, this.clock.now());
      const lastError = (error as Error).message.slice(0, 1000);
      await this.gate.settle(email, 'not-sent');
      this.logger.warn(`email ${email.id} not sent (attempt ${attempts}): ${lastError}`);
      if (failure.kind === 'permanent') {
        await this.outbox.update(
          { id: email.id },
          { status: 'failed', attempts, leaseUntil: null, lastError },
        );
        return 'failed';
      }
      await this.outbox.update(
        { id: email.id },
        { status: 'pending', attempts, nextAttemptAt: failure.retryAt, leaseUntil: null, lastError },
      );
      return 'retrying';
    }
  }
}

function formatFrom(name: string | undefined, address: string): string {
  if (!name) return address;
  const quoted = name
    .replace(/[\r\n]+/g, ' ')
    .replace(/["\\]/g, '\\$&')
    .slice(0, 200);
  return `"${quoted}" <${address}>`;
}
