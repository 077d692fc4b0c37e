import { Injectable, Logger } from '@nestjs/common';
import { Metrics } from '../common/metrics';
import { pollOutcomeClass } from './domain/poll-outcome-class';
import { FeedPoller, FeedPollResult } from './feed-poller';
import { HostGate } from './host-gate';

/** The host had no turn for this feed now: ask again in `retryInMs`. */
export interface HostBusy {
  kind: 'busy';
  retryInMs: number;
}

export function isHostBusy(outcome: object | null): outcome is HostBusy {
  return outcome !== null && 'retryInMs' in outcome;
}
import { INTERNAL_ERROR } from './poll-report';
import { DueFeed } from './poll-state.repository';
import { PollStateWriter } from './poll-state-writer';

/**
 * One feed's poll within a cycle: not before its host's hold (Retry-After) ends, after its turn at the
 * host gate shared by every worker, counted in the metrics; a failure inside Tidings is reported as
 * INTERNAL_ERROR rather than thrown, so the rest of the cycle goes on.
 */
@Injectable()
export class GatedPoll {
  private readonly logger = new Logger('PollService');

  constructor(
    private readonly poller: FeedPoller,
    private readonly hostGate: HostGate,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Null when the host is held: the feed is then due again when the hold ends. `busy` when the host has
   * no turn for it now (other workers' requests or the gap between two): the cycle polls it later.
   * `sent` is told when the request leaves, after the shared gate (the host's gap in this process runs
   * from then).
   */
  async run(
    feed: DueFeed,
    host: string,
    now: Date,
    holds: Map<string, Date>,
    writer: PollStateWriter,
    sent: () => void,
  ): Promise<FeedPollResult | HostBusy | null> {
    try {
      const heldUntil = holds.get(host);
      if (heldUntil && heldUntil > now) {
        await writer.add(feed.id, { nextPollAt: heldUntil });
        return null;
      }
      const turn = await this.hostGate.take(host);
      if (turn.kind === 'held') {
        holds.set(host, turn.until);
        await writer.add(feed.id, { nextPollAt: turn.until });
        return null;
      }
      if (turn.kind === 'busy') return turn;
      const startedAt = performance.now();
      const started = () => {
        turn.started();
        sent();
      };
      const result = await this.poller.poll(feed, now, writer, started).finally(() => turn.done());
      this.metrics.countPoll(pollOutcomeClass(result.label), (performance.now() - startedAt) / 1000);
      if (result.hostHeld) {
        // Later feeds of this cycle on that host wait too, and every other worker's.
        holds.set(result.hostHeld.host, result.hostHeld.until);
        await this.hostGate.hold(result.hostHeld.host, result.hostHeld.until);
      }
      return result;
    } catch (error) {
      this.logger.error(`feed ${feed.id}: ${(error as Error).message}`);
      const failed = { kind: 'failed', label: INTERNAL_ERROR, isFailure: true } as const;
      return {
        ...failed,
        reason: (error as Error).message,
        newEntries: 0,
        emailsEnqueued: 0,
        hostHeld: null,
      };
    }
  }
}
