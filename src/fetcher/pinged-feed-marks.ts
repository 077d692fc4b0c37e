import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { PollStateRepository } from './poll-state.repository';
import { PingMarks } from './push/domain/ping-marks';

/**
 * How a process that polls nothing passes pings on: it marks the feeds due in the database, where the
 * next worker cycle finds them, coalesced per feed over PING_COALESCE_SECONDS (`PingMarks`).
 */
@Injectable()
export class PingedFeedMarks {
  private readonly marks: PingMarks;

  constructor(
    private readonly states: PollStateRepository,
    private readonly clock: Clock,
    @Inject(CONFIG) config: Config,
  ) {
    this.marks = new PingMarks(config.PING_COALESCE_SECONDS * 1000);
  }

  async mark(feedIds: readonly string[]): Promise<void> {
    const now = this.clock.now().getTime();
    const byInstant = new Map<number, string[]>();
    for (const feedId of feedIds) {
      const at = this.marks.dueAt(feedId, now);
      byInstant.set(at, [...(byInstant.get(at) ?? []), feedId]);
    }
    for (const [at, ids] of byInstant) await this.states.markDue(ids, new Date(at));
  }

  /** How long (ms) a feed this process marked due lately waits before a fetch for another ping. */
  windowLeft(feedId: string): number {
    return this.marks.windowLeft(feedId, this.clock.now().getTime());
  }
}
