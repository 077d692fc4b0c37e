import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ConcurrencyLimiter } from '../common/concurrency-limiter';
import { FailureLog } from '../common/failure-log';
import { Metrics } from '../common/metrics';
import { RandomNumbers } from '../common/random-numbers';
import { ShutdownSignal } from '../common/shutdown-signal';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { ClaimLeases, ClaimsInHand } from '../db/claim-leases';
import { untilDatabaseAnswers } from '../db/until-database-answers';
import { DeliveryPacer } from './delivery-pacer';
import { bodyParts } from './domain/body-parts';
import { domainOf } from './domain/email-domain';
import { classifySendFailure, SmtpFailure } from './domain/retry-policy';
import { MAIL_TRANSPORT } from './mail.tokens';
import { MailTransport, transportHeaders } from './mail-transport';
import { OutboxEmailEntity } from './outbox-email.entity';
import { AttemptEnd, OutboxRepository } from './outbox.repository';
import { Admission, LowBalanceNotice, SendGate } from './send-gate';
import { SentMarks } from './sent-marks';
import { SuppressionsRepository } from './suppressions.repository';

export interface FlushResult {
  sent: number;
  /** Attempts that failed for now (4xx, a lost connection): back in the queue with back-off. */
  retrying: number;
  failed: number;
  held: number;
  suppressed: number;
  /** Not attempted: their domain is held (a 421, deferrals in a row); back in the queue until it ends. */
  deferred: number;
  /** Not attempted: their domain's rate leaves them no turn soon; back in the queue for their turn. */
  throttled: number;
  /** Not attempted: the process is stopping; back in the queue, due at once, for any process. */
  released: number;
}

/** Told when the gate held an email, with what to tell its user. */
export type HeldListener = (email: OutboxEmailEntity, notice: LowBalanceNotice) => Promise<unknown>;

const BATCH_SIZE = 100;
/** An email whose turn under a rate is further off than this goes back to the queue instead of waiting. */
const TURN_HORIZON_MS = 30_000;

type Outcome = keyof FlushResult;
type Turn = 'now' | 'stopping' | { until: Date; reason: string; outcome: 'deferred' | 'throttled' };

/**
 * Sends what the outbox holds, a claimed batch at a time, every email on its own: parked when its
 * address is suppressed or its user cannot pay (the gate), put back when its domain is held or its
 * turn under a rate is far, else sent as soon as the rates allow, so that one slow domain never holds
 * up the others. A 4xx or a lost connection retries with jittered back-off, a 5xx fails the row, an
 * address failure suppresses the address. A message the server may have kept (the connection lost
 * after DATA) is sent again with the same Message-ID: at-least-once, which receivers can deduplicate.
 * Claims carry this process's name and a short lease its heartbeat renews (`ClaimLeases`); once the
 * process is stopping, nothing more is claimed and claimed emails not yet in a send slot go back.
 */
@Injectable()
export class OutboxSender implements OnModuleDestroy {
  private readonly logger = new Logger(OutboxSender.name);
  /** Shared by every flush of the process: emails wait for a send slot here, where holds are seen. */
  private readonly slots: ConcurrencyLimiter;
  private readonly heldListeners: HeldListener[] = [];
  /** The emails this process is attempting: only their claims are renewed. */
  private readonly inHand = new ClaimsInHand();
  private readonly recording = new FailureLog('recording a sent email', this.logger, 'warn');
  /** Sent emails' ends, written a group at a time (see `SentMarks` for the crash window it adds). */
  private readonly sentMarks: SentMarks<AttemptEnd>;

  constructor(
    private readonly rows: OutboxRepository,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly suppressions: SuppressionsRepository,
    private readonly pacer: DeliveryPacer,
    private readonly clock: Clock,
    private readonly random: RandomNumbers,
    private readonly leases: ClaimLeases,
    private readonly shutdown: ShutdownSignal,
    private readonly metrics: Metrics,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.slots = new ConcurrencyLimiter(transport.capacity);
    // The server has them: with the database away, the rows wait for it rather than stay "sending",
    // which would send them again (same Message-ID) once their lease ends.
    this.sentMarks = new SentMarks((ends) =>
      untilDatabaseAnswers(() => rows.endAttempts(ends), this.recording),
    );
    leases.register({
      name: 'outbox',
      renew: (owner, leaseUntil) => this.inHand.renewWith((ids) => rows.renewClaims(owner, leaseUntil, ids)),
      release: (owner, now) => rows.releaseClaims(owner, now),
    });
  }

  /** Sends every email that is due, batch after batch, until none is left. */
  async flush(gate: SendGate): Promise<FlushResult> {
    const result: FlushResult = {
      sent: 0,
      retrying: 0,
      failed: 0,
      held: 0,
      suppressed: 0,
      deferred: 0,
      throttled: 0,
      released: 0,
    };
    while (!this.shutdown.isStopping) {
      const now = this.clock.now();
      const leaseUntil = this.leases.leaseFrom(now);
      const claimed = await this.rows.claimDue(now, leaseUntil, BATCH_SIZE, this.leases.owner);
      if (claimed.length === 0) return result;
      // Each email's claim is renewed until its attempt ends, however it ends.
      this.inHand.add(claimed.map((email) => email.id));
      const [withheld, admissions] = await this.admitBatch(claimed, gate).catch((error: unknown) => {
        this.inHand.drop(claimed.map((email) => email.id));
        throw error;
      });
      const putBack = new Map<string, number>();
      await Promise.all(
        claimed.map(async (email) => {
          try {
            const outcome = await this.attempt(email, withheld, admissions.get(email.id), gate, putBack);
            result[outcome] += 1;
            this.metrics.countEmailAttempt(outcome, email.kind);
          } finally {
            this.inHand.drop([email.id]);
          }
        }),
      );
    }
    return result;
  }

  onHeld(listener: HeldListener): void {
    this.heldListeners.push(listener);
  }

  onModuleDestroy(): void {
    this.transport.close();
  }

  /**
   * The batch's suppressed addresses, then the gate's answer for the others, at once: the gate writes
   * the batch's charges together. An email admitted and then not attempted gives its charge back.
   */
  private async admitBatch(
    claimed: OutboxEmailEntity[],
    gate: SendGate,
  ): Promise<[Set<string>, Map<string, Admission>]> {
    const withheld = await this.suppressions.withheldAmong(claimed);
    const admitted = claimed.filter((email) => !withheld.has(email.id));
    const admissions = await gate.admit(admitted);
    return [withheld, new Map(admitted.map((email, index) => [email.id, admissions[index]]))];
  }

  private async attempt(
    email: OutboxEmailEntity,
    withheld: Set<string>,
    admission: Admission | undefined,
    gate: SendGate,
    putBack: Map<string, number>,
  ): Promise<Outcome> {
    if (withheld.has(email.id) || !admission) {
      await this.rows.endAttempt(email.id, { status: 'suppressed' });
      return 'suppressed';
    }
    if (admission.kind === 'hold') {
      await this.rows.endAttempt(email.id, { status: 'held' });
      for (const listener of this.heldListeners) await listener(email, admission.notice);
      return 'held';
    }
    const domain = domainOf(email.toAddress);
    const turn = await this.waitForTurn(domain, putBack);
    const outcome =
      turn === 'stopping'
        ? await this.release(email)
        : turn !== 'now'
          ? await this.putBack(email, turn)
          : await this.sendInSlot(email, domain, gate);
    if (outcome === 'released' || outcome === 'deferred' || outcome === 'throttled')
      await gate.settle(email, 'not-sent');
    return outcome;
  }

  /**
   * Sends the email in a send slot, and records it sent once out of it: the slot goes to the next email
   * while this one's end waits for its group (`SentMarks`); held through that wait, ten slots carried
   * fewer than 300 emails/s of a fan-out over loopback, most of the time waiting.
   */
  private async sendInSlot(email: OutboxEmailEntity, domain: string, gate: SendGate): Promise<Outcome> {
    const sent = await this.slots.run(() => this.send(email, domain, gate));
    if (typeof sent === 'string') return sent;
    await this.sentMarks.record(email.id, { status: 'sent', lastError: null, ...sent });
    await gate.settle(email, 'sent');
    return 'sent';
  }

  /**
   * In a send slot: a hold that began while this email waited for its slot still stops it. Once the
   * server has it, what its row is to record.
   */
  private async send(
    email: OutboxEmailEntity,
    domain: string,
    gate: SendGate,
  ): Promise<Outcome | { attempts: number; sentAt: Date }> {
    if (this.shutdown.isStopping) return this.release(email);
    const hold = this.pacer.holdOf(domain, this.clock.now());
    if (hold) return this.putBack(email, { until: hold.until, reason: hold.reason, outcome: 'deferred' });
    const attempts = email.attempts + 1;
    try {
      await this.transport.send({
        from: email.fromAddress,
        to: email.toAddress,
        replyTo: email.replyTo ?? undefined,
        envelope: { from: email.envelopeFrom ?? this.config.MAIL_FROM.address, to: [email.toAddress] },
        subject: email.subject,
        ...bodyParts(email.html, email.text),
        messageId: email.messageId,
        date: email.createdAt,
        headers: transportHeaders(email.headers),
      });
    } catch (error) {
      await gate.settle(email, 'not-sent');
      return this.recordFailure(email, domain, attempts, error as SmtpFailure & Error);
    }
    this.pacer.succeeded(domain);
    return { attempts, sentAt: this.clock.now() };
  }

  private async putBack(email: OutboxEmailEntity, turn: Exclude<Turn, 'now' | 'stopping'>): Promise<Outcome> {
    await this.rows.endAttempt(email.id, {
      status: 'pending',
      nextAttemptAt: turn.until,
      lastError: turn.reason,
      // Held by its domain's hold (a deferral), not merely paced: the reader's record says since when.
      ...(turn.outcome === 'deferred' && { deferredSince: email.deferredSince ?? this.clock.now() }),
    });
    return turn.outcome;
  }

  /** The process is stopping: the email goes back to the queue untouched, due at once. */
  private async release(email: OutboxEmailEntity): Promise<Outcome> {
    await this.rows.endAttempt(email.id, { status: 'pending', nextAttemptAt: this.clock.now() });
    return 'released';
  }

  /** Waits until the rates let this email go, unless its domain is held or its turn is far off. */
  private async waitForTurn(domain: string, putBack: Map<string, number>): Promise<Turn> {
    for (;;) {
      if (this.shutdown.isStopping) return 'stopping';
      const now = this.clock.now();
      const hold = this.pacer.holdOf(domain, now);
      if (hold) return { until: hold.until, reason: hold.reason, outcome: 'deferred' };
      const startAt = this.pacer.startAt(domain, now);
      if (startAt <= now) {
        this.pacer.start(domain, now);
        return 'now';
      }
      if (startAt.getTime() - now.getTime() > TURN_HORIZON_MS) {
        const ahead = putBack.get(domain) ?? 0;
        putBack.set(domain, ahead + 1);
        const throttle = this.pacer.throttle(domain);
        const until = new Date(startAt.getTime() + ahead * throttle.intervalMs);
        return { until, reason: `throttled: ${throttle.reason}`, outcome: 'throttled' };
      }
      await this.clock.sleepUntil(startAt, this.shutdown.signal);
    }
  }

  private async recordFailure(
    email: OutboxEmailEntity,
    domain: string,
    attempts: number,
    error: SmtpFailure & Error,
  ): Promise<Outcome> {
    const now = this.clock.now();
    const verdict = classifySendFailure(error, attempts, now, this.random.next());
    if (verdict.kind === 'failed') {
      this.logger.warn(`email ${email.id} to ${domain} failed (attempt ${attempts}): ${verdict.reason}`);
      await this.rows.endAttempt(email.id, { status: 'failed', attempts, lastError: verdict.reason });
      if (verdict.isAddressFailure) {
        this.metrics.countBounce();
        await this.suppressions.suppress(email.toAddress, verdict.reason, email.id);
      }
      return 'failed';
    }
    const hold = this.pacer.failed(domain, verdict.signal, error.response, now);
    const nextAttemptAt = hold && hold.until > verdict.retryAt ? hold.until : verdict.retryAt;
    this.logger.warn(
      `email ${email.id} to ${domain}, attempt ${attempts}: ${verdict.reason}; next attempt at ${nextAttemptAt.toISOString()}`,
    );
    await this.rows.endAttempt(email.id, {
      status: 'pending',
      attempts,
      nextAttemptAt,
      lastError: verdict.reason,
      deferredSince: email.deferredSince ?? now,
    });
    if (hold) {
      const moved = await this.rows.deferDomain(domain, hold.until, hold.reason, now);
      if (moved) this.logger.warn(`${moved} more emails to ${domain} wait until ${hold.until.toISOString()}`);
    }
    return 'retrying';
  }
}
