import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  BeforeApplicationShutdown,
} from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Clock } from '../common/clock';
import { FailureLog } from '../common/failure-log';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';

/** One kind of claimed work (outbox rows, digest issues): how to renew and how to give up its claims. */
export interface ClaimedWork {
  name: string;
  /**
   * Extends the claims `owner` holds and still has in hand to `leaseUntil`: not those of work that ended
   * without writing so (the database was down then), whose leases must run out for another try.
   */
  renew(owner: string, leaseUntil: Date): Promise<unknown>;
  /** Gives every claim `owner` still holds back, free for any process at once. */
  release(owner: string, now: Date): Promise<unknown>;
}

/**
 * Claims name the process that holds them (`owner`: host, pid and a random part) and carry a short
 * lease (CLAIM_LEASE_SECONDS, 15 s by default) that this process renews every third of it while it
 * lives: three beats fit in one lease. A process killed without warning stops renewing, so its work is
 * taken over within one lease instead of a long fixed one; a process that stops cleanly gives its
 * claims back at once.
 */
@Injectable()
export class ClaimLeases implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly owner = `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly logger = new Logger(ClaimLeases.name);
  private readonly kinds: Array<{ work: ClaimedWork; renewals: FailureLog }> = [];
  private timer: NodeJS.Timeout | null = null;
  /** How long a claim lasts without a heartbeat: work of a process that died is free again this long after. */
  private readonly leaseMs: number;

  constructor(
    private readonly clock: Clock,
    @Inject(CONFIG) config: Config,
  ) {
    this.leaseMs = config.CLAIM_LEASE_SECONDS * 1000;
  }

  register(work: ClaimedWork): void {
    this.kinds.push({ work, renewals: new FailureLog(`renewing ${work.name} claims`, this.logger, 'warn') });
  }

  /** The lease of a claim made now. */
  leaseFrom(now: Date): Date {
    return new Date(now.getTime() + this.leaseMs);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.renewAll(), Math.round(this.leaseMs / 3));
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.releaseAll();
  }

  /** Stops the heartbeat and gives back every claim this process holds. */
  async releaseAll(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const now = this.clock.now();
    for (const { work: kind } of this.kinds) {
      await kind
        .release(this.owner, now)
        .catch((error: Error) => this.logger.error(`releasing ${kind.name} claims failed: ${error.message}`));
    }
  }

  private async renewAll(): Promise<void> {
    const leaseUntil = this.leaseFrom(this.clock.now());
    for (const { work, renewals } of this.kinds) {
      await work.renew(this.owner, leaseUntil).then(
        () => renewals.succeeded(),
        (error: unknown) => renewals.failed(error),
      );
    }
  }
}

/**
 * What one kind of claimed work has under way in this process (cycle tokens, row ids): its heartbeat
 * renews only these. Work that ended without writing so (the database was down) leaves this set all the
 * same, so that its claims run out like a dead process's and another try takes them.
 */
export class ClaimsInHand {
  private readonly counts = new Map<string, number>();

  add(keys: Iterable<string>): void {
    for (const key of keys) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  drop(keys: Iterable<string>): void {
    for (const key of keys) {
      const count = (this.counts.get(key) ?? 0) - 1;
      if (count > 0) this.counts.set(key, count);
      else this.counts.delete(key);
    }
  }

  get size(): number {
    return this.counts.size;
  }

  /** Calls `renew` with the keys in hand; nothing when there are none. */
  renewWith(renew: (keys: string[]) => Promise<unknown>): Promise<unknown> {
    return this.counts.size === 0 ? Promise.resolve() : renew([...this.counts.keys()]);
  }
}
