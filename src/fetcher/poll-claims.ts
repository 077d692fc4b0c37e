import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { newId } from '../common/ids';
import { processIdentity } from '../common/process-identity';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { PollStateRepository } from './poll-state.repository';

/**
 * One poll cycle's hold on the feeds it polls, in the database: every feed is claimed (one token per
 * cycle, this process as owner, a lease) before it is fetched, so that any number of workers on one
 * database poll each due feed once. The lease is renewed every third of its length while the cycle
 * runs; a feed's claim ends when its new state is written, and whatever is left when the cycle ends.
 * A worker that dies holds its feeds until their lease ends; then another worker polls them.
 */
export class PollClaim {
  private readonly token = newId();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly states: PollStateRepository,
    private readonly clock: Clock,
    private readonly leaseMs: number,
    private readonly logger: Logger,
  ) {
    this.heartbeat = setInterval(() => {
      this.states
        .renewClaim(this.token, this.leaseEnd())
        .catch((error: Error) => this.logger.warn(`renewing poll claims: ${error.message}`));
    }, leaseMs / 3);
    this.heartbeat.unref();
  }

  /** Those of `feedIds` this cycle now holds (with `dueAt`: only feeds still due then). */
  take(feedIds: readonly string[], dueAt: Date | null): Promise<string[]> {
    if (feedIds.length === 0) return Promise.resolve([]);
    const now = this.clock.now();
    const claim = { token: this.token, owner: processIdentity(), until: this.leaseEnd(), now };
    return this.states.claim(feedIds, claim, dueAt);
  }

  /**
   * Lets go of every feed still held, but those of `failed` (their poll failed inside Tidings before
   * their state was written): their leases run out first, a pause before another worker tries again.
   */
  async end(failed: readonly string[] = []): Promise<void> {
    clearInterval(this.heartbeat);
    await this.states.releaseClaim(this.token, failed);
  }

  private leaseEnd(): Date {
    return new Date(this.clock.now().getTime() + this.leaseMs);
  }
}

@Injectable()
export class PollClaims {
  private readonly logger = new Logger(PollClaims.name);

  constructor(
    private readonly states: PollStateRepository,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  begin(): PollClaim {
    return new PollClaim(this.states, this.clock, this.config.POLL_LEASE_SECONDS * 1000, this.logger);
  }
}
