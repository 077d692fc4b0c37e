import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { newId } from '../common/ids';
import { ClaimLeases, ClaimsInHand } from '../db/claim-leases';
import { PollStateRepository } from './poll-state.repository';

/**
 * One poll cycle's hold on the feeds it polls, in the database: every feed is claimed (one token per
 * cycle, this process as owner, `ClaimLeases`' short lease, renewed by its heartbeat) before it is
 * fetched, so that any number of workers on one database poll each due feed once. A feed's claim ends
 * when its new state is written, and whatever is left when the cycle ends. A worker that dies holds its
 * feeds until their lease ends; then another worker polls them. So does a cycle that could not let go
 * (the database was down): only cycles under way are renewed.
 */
export class PollClaim {
  private readonly token = newId();

  constructor(
    private readonly states: PollStateRepository,
    private readonly leases: ClaimLeases,
    private readonly clock: Clock,
    private readonly inHand: ClaimsInHand,
  ) {
    inHand.add([this.token]);
  }

  /** Those of `feedIds` this cycle now holds (with `dueAt`: only feeds still due then). */
  take(feedIds: readonly string[], dueAt: Date | null): Promise<string[]> {
    if (feedIds.length === 0) return Promise.resolve([]);
    const now = this.clock.now();
    const claim = { token: this.token, owner: this.leases.owner, until: this.leases.leaseFrom(now), now };
    return this.states.claim(feedIds, claim, dueAt);
  }

  /**
   * Lets go of every feed still held, but those of `failed` (their poll failed inside Tidings before
   * their state was written): their leases run out first, a pause before another worker tries again.
   */
  async end(failed: readonly string[] = []): Promise<void> {
    try {
      await this.states.releaseClaims({ token: this.token }, failed);
    } finally {
      this.inHand.drop([this.token]);
    }
  }
}

@Injectable()
export class PollClaims {
  private readonly inHand = new ClaimsInHand();

  constructor(
    private readonly states: PollStateRepository,
    private readonly leases: ClaimLeases,
    private readonly clock: Clock,
  ) {
    leases.register({
      name: 'poll',
      renew: (owner, leaseUntil) =>
        this.inHand.renewWith((tokens) => states.renewClaims(owner, leaseUntil, tokens)),
      release: (owner) => states.releaseClaims({ owner }),
    });
  }

  begin(): PollClaim {
    return new PollClaim(this.states, this.leases, this.clock, this.inHand);
  }
}
