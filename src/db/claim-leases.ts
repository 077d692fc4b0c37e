import { Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Clock } from '../common/clock';

/** How long a claim lasts without a heartbeat: work of a process that died is free again this long after. */
export const CLAIM_LEASE_MS = 15_000;
/** How often a live process renews the leases of its claims (three beats fit in one lease). */
export const HEARTBEAT_MS = 5_000;

/** One kind of claimed work (outbox rows, digest issues): how to renew and how to give up its claims. */
export interface ClaimedWork {
  name: string;
  /** Extends every claim `owner` holds to `leaseUntil`. */
  renew(owner: string, leaseUntil: Date): Promise<unknown>;
  /** Gives every claim `owner` still holds back, free for any process at once. */
  release(owner: string, now: Date): Promise<unknown>;
}

/**
 * Claims name the process that holds them (`owner`: host, pid and a random part) and carry a short
 * lease that this process renews every few seconds while it lives. A process killed without warning
 * stops renewing, so its work is taken over within `CLAIM_LEASE_MS` instead of a long fixed lease; a
 * process that stops cleanly gives its claims back at once.
 */
@Injectable()
export class ClaimLeases implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly owner = `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly logger = new Logger(ClaimLeases.name);
  private readonly kinds: ClaimedWork[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly clock: Clock) {}

  register(work: ClaimedWork): void {
    this.kinds.push(work);
  }

  /** The lease of a claim made now. */
  leaseFrom(now: Date): Date {
    return new Date(now.getTime() + CLAIM_LEASE_MS);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.renewAll(), HEARTBEAT_MS);
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
    for (const kind of this.kinds) {
      await kind
        .release(this.owner, now)
        .catch((error: Error) => this.logger.error(`releasing ${kind.name} claims failed: ${error.message}`));
    }
  }

  private async renewAll(): Promise<void> {
    const leaseUntil = this.leaseFrom(this.clock.now());
    for (const kind of this.kinds) {
      await kind
        .renew(this.owner, leaseUntil)
        .catch((error: Error) => this.logger.warn(`renewing ${kind.name} claims failed: ${error.message}`));
    }
  }
}
