import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { newId } from '../common/ids';
import { Metrics } from '../common/metrics';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { GroupCount } from '../db/count-grouped';
import { PruneBatch, PruneRequest } from '../db/prune-batch';
import { quotePhrase } from './domain/list-headers';
import { MailSuppressionEntity } from './mail-suppression.entity';
import { OutboxEmailEntity } from './outbox-email.entity';
import { OutboxOverviewRepository, WaitingDomain } from './outbox-overview.repository';
import { OutboxRepository } from './outbox.repository';
import { FlushResult, HeldListener, OutboxSender } from './outbox-sender';
import { admitEverything, SendGate } from './send-gate';
import { SuppressionsRepository } from './suppressions.repository';

export type { FlushResult };

export interface EmailToSend {
  /** The row id (and so the Message-ID); chosen by the caller when its headers must name it. */
  id?: string;
  /** One per logical email: enqueueing the same key again does nothing. */
  dedupKey: string;
  userId: string | null;
  kind: string;
  to: string;
  /** The sender's display name; MAIL_FROM's own name (if any) when unset. */
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
  /** Feeds with new items in it (what a digest's price depends on); 0 for service mail. */
  feedCount?: number;
  /** Not sent before `until` (its `last_error` says why meanwhile); `withdrawHeld` may take it back. */
  hold?: { until: Date; reason: string };
}

/** What an operator asks when mail is slow (`tidings outbox status`). */
export interface OutboxStatus {
  /** Rows by status: pending, sending, sent, failed, held, suppressed. */
  byStatus: Record<string, number>;
  pending: { due: number; waiting: number; oldestCreatedAt: Date | null };
  /** The domains with the most emails waiting for a later attempt, and why (at most 20). */
  waitingDomains: WaitingDomain[];
}

/**
 * The outbox: emails are stored whole, priced once by the gate when enqueued, then sent by `flush`
 * (`OutboxSender`). Also what other modules need of the rows: held emails, bounces, suppressions.
 */
@Injectable()
export class OutboxService implements OnModuleDestroy {
  private readonly logger = new Logger(OutboxService.name);
  private gate: SendGate = admitEverything;
  /**
   * This process's flushes under way (scheduled, asked for, `flushSoon`): each new one ends only once
   * those before it have, as one of them may hold the claim on an email its caller just enqueued.
   * Awaited before the process stops.
   */
  private readonly underWay = new Set<Promise<unknown>>();

  constructor(
    private readonly rows: OutboxRepository,
    private readonly overview: OutboxOverviewRepository,
    private readonly sender: OutboxSender,
    private readonly suppressions: SuppressionsRepository,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Billing's credit gate, installed at start: from then on emails are priced and paid for. */
  useGate(gate: SendGate): void {
    this.gate = gate;
  }

  /** Stores the email for sending; returns false when an email with this key was enqueued before. */
  enqueue(email: EmailToSend): Promise<boolean> {
    return this.rows.insert(this.rowOf(email, this.clock.now()));
  }

  /**
   * Stores these emails for sending, a few per statement; those whose key was enqueued before are
   * skipped. Returns how many were stored now.
   */
  enqueueAll(emails: readonly EmailToSend[]): Promise<number> {
    const now = this.clock.now();
    return this.rows.insertAll(emails.map((email) => this.rowOf(email, now)));
  }

  private rowOf(email: EmailToSend, now: Date): OutboxEmailEntity {
    const id = email.id ?? newId();
    const { address, name, domain } = this.config.MAIL_FROM;
    const fromName = email.fromName ?? name;
    return {
      id,
      dedupKey: email.dedupKey,
      userId: email.userId,
      kind: email.kind,
      toAddress: email.to,
      fromAddress: fromName ? `${quotePhrase(fromName)} <${address}>` : address,
      subject: email.subject,
      html: email.html,
      text: email.text,
      headers: email.headers ?? {},
      envelopeFrom: email.envelopeFrom ?? null,
      replyTo: email.replyTo ?? null,
      subscriptionIds: email.subscriptionIds ?? null,
      claimToken: null,
      claimedBy: null,
      messageId: `<${id.toLowerCase()}@${domain}>`,
      status: 'pending',
      cost: this.gate.price({ kind: email.kind, feedCount: email.feedCount ?? 0 }),
      attempts: 0,
      nextAttemptAt: email.hold?.until ?? now,
      leaseUntil: null,
      lastError: email.hold?.reason ?? null,
      createdAt: now,
      sentAt: null,
      deferredSince: null,
      softBounces: 0,
    };
  }

  /** `listener` runs when the gate holds an email (the mail service tells its user why). */
  onHeld(listener: HeldListener): void {
    this.sender.onHeld(listener);
  }

  /**
   * Takes back an email enqueued on hold (`EmailToSend.hold`) while it still waits: true when it will
   * never be sent; false when a flush has it already (or it was sent, or never held).
   */
  withdrawHeld(dedupKey: string): Promise<boolean> {
    return this.rows.deleteHeld(dedupKey);
  }

  /**
   * Sends every email that is due, batch after batch, until none is left: when it returns, what the
   * caller enqueued before calling has had its attempt, whichever of this process's flushes claimed it.
   */
  flush(): Promise<FlushResult> {
    const earlier = [...this.underWay];
    // Side by side with them (their batches and this one's share the send slots), then done with them.
    const run = this.sender.flush(this.gate).then(async (flushed) => {
      await Promise.allSettled(earlier);
      return flushed;
    });
    this.underWay.add(run);
    const forget = () => void this.underWay.delete(run);
    run.then(forget, forget);
    return run;
  }

  /**
   * Runs `work`, sending what it enqueues as it goes: `work` calls `kick` whenever it has enqueued
   * something; one flush runs at a time (the next kick after it ran dry starts another), and a last one
   * once `work` is done. Returns what `work` returned and what all the flushes did together.
   */
  async flushAlong<T>(work: (kick: () => void) => Promise<T>): Promise<{ result: T; flushed: FlushResult }> {
    const results: FlushResult[] = [];
    let running: Promise<void> | null = null;
    const kick = () => {
      running ??= this.flush()
        .then((flushed) => void results.push(flushed))
        .catch((error: Error) => this.logger.warn(`outbox flush during a run failed: ${error.message}`))
        .finally(() => (running = null));
    };
    let result: T;
    try {
      result = await work(kick);
    } finally {
      await running;
    }
    results.push(await this.flush());
    const flushed = { ...results[0] };
    for (const more of results.slice(1))
      for (const key of Object.keys(flushed) as Array<keyof FlushResult>) flushed[key] += more[key];
    return { result, flushed };
  }

  /**
   * Sends what is due now rather than at the next scheduled flush, without making the caller wait:
   * for mail somebody is waiting for (a support answer, a reply command's confirmation).
   */
  flushSoon(after: string): void {
    this.flush().catch((error: Error) =>
      this.logger.warn(`outbox flush after ${after} failed: ${error.message}`),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.underWay]);
  }

  /** Puts a user's held emails back in the queue, oldest first (after a purchase). */
  releaseHeld(userId: string): Promise<number> {
    return this.rows.releaseHeld(userId, this.clock.now());
  }

  /** How many of a user's emails wait for credits. */
  countHeld(userId: string): Promise<number> {
    return this.rows.countHeld(userId);
  }

  /** A user's emails of these kinds enqueued since `since`. */
  countOfKindsSince(userId: string, kinds: readonly string[], since: Date): Promise<number> {
    return this.rows.countOfKindsSince(userId, kinds, since);
  }

  /** Of these users, how many emails of these kinds each was enqueued since `since` (none: absent). */
  countsOfKindsSince(
    userIds: readonly string[],
    kinds: readonly string[],
    since: Date,
  ): Promise<Map<string, number>> {
    return this.rows.countsOfKindsSince(userIds, kinds, since);
  }

  /** A bounce report for one of our rows (its VERP address): the row failed, its address is suppressed. */
  async recordBounce(outboxEmailId: string, detail: string): Promise<boolean> {
    const email = await this.rows.findById(outboxEmailId);
    if (!email) return false;
    this.metrics.countBounce();
    await this.rows.markFailed(email.id, detail.slice(0, 1000));
    await this.suppressions.suppress(email.toAddress, detail, email.id);
    return true;
  }

  /** A delay report (4.x.x) for one of our rows: only counted. Returns false for an unknown row. */
  recordDelay(outboxEmailId: string): Promise<boolean> {
    return this.rows.addSoftBounce(outboxEmailId);
  }

  /** Lets mail reach an address again (fixed mailbox) and requeues what waited for it. */
  async liftSuppression(address: string): Promise<number> {
    await this.suppressions.lift(address);
    return this.rows.requeueSuppressed(address, this.clock.now());
  }

  /** For the admin page: the emails that wait longest, and why (`lastError`; held: credits). */
  oldestWaiting(limit: number): Promise<OutboxEmailEntity[]> {
    return this.overview.oldestWaiting(limit);
  }

  /** For the admin page: a user's newest emails (without their bodies). */
  recentEmailsOf(userId: string, limit: number): Promise<OutboxEmailEntity[]> {
    return this.overview.recentOf(userId, limit);
  }

  /** This user's emails with these dedup keys, without bodies (another user's are never found). */
  emailsOf(userId: string, dedupKeys: readonly string[]): Promise<OutboxEmailEntity[]> {
    return this.overview.emailsOf(userId, dedupKeys);
  }

  /** For the admin page: suppressed addresses, newest first. */
  listSuppressions(limit: number): Promise<MailSuppressionEntity[]> {
    return this.suppressions.newest(limit);
  }

  /** Retention: one batch of old finished emails loses its bodies. */
  dropOldBodies(request: PruneRequest): Promise<PruneBatch> {
    return this.rows.dropOldBodies(request);
  }

  /** When the earliest pending email is due (null when none waits). */
  nextDue(): Promise<Date | null> {
    return this.rows.nextDue();
  }

  /** Read from the rows, so any process sees it: each waiting row says why it waits. */
  async status(): Promise<OutboxStatus> {
    const now = this.clock.now();
    const [byStatus, pending, waitingDomains] = await Promise.all([
      this.overview.countByStatus(),
      this.overview.pendingSummary(now),
      this.overview.waitingByDomain(now, 20),
    ]);
    return { byStatus, pending, waitingDomains };
  }

  /** Emails by status and kind, and when the oldest pending one was enqueued (for metrics). */
  async census(): Promise<{ byStatusAndKind: GroupCount[]; oldestPendingAt: Date | null }> {
    const [byStatusAndKind, pending] = await Promise.all([
      this.overview.countByStatusAndKind(),
      this.overview.pendingSummary(this.clock.now()),
    ]);
    return { byStatusAndKind, oldestPendingAt: pending.oldestCreatedAt };
  }

  /** The subscriptions an email's unsubscribe link ends (empty for an unknown email). */
  subscriptionIdsOf(emailId: string): Promise<string[]> {
    return this.rows.subscriptionIdsOf(emailId);
  }

  findById(id: string): Promise<OutboxEmailEntity | null> {
    return this.rows.findById(id);
  }

  findByMessageIds(messageIds: string[]): Promise<OutboxEmailEntity[]> {
    return this.rows.findByMessageIds(messageIds);
  }

  findByDedupKeys(keys: string[]): Promise<OutboxEmailEntity[]> {
    return this.rows.findByDedupKeys(keys);
  }
}
