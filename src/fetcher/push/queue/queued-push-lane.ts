import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { JobsOptions, Queue } from 'bullmq';
import { CONFIG } from '../../../config/config.module';
import { Config } from '../../../config/load-config';
import { PROCESS_ROLE, ProcessRole } from '../../../config/process-role';
import { RedisConnection } from '../../../redis/redis-connection';
import { FeedPollResult } from '../../feed-poller';
import { PingedFeedMarks } from '../../pinged-feed-marks';
import { PollService } from '../../poll.service';
import { LocalPushLane, PushLane, PushQueueDepth } from './push-lane';
import { SharedPingCoalescing } from './shared-ping-coalescing';

export const PUSH_QUEUE = 'push';

export type PushJob =
  { kind: 'ping'; feedId: string } | { kind: 'content'; feedId: string; body: string; contentType?: string };

/** A job that fails (the database is down) is tried again with back-off; done jobs leave Redis. */
const JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: 1_000,
};

/**
 * With REDIS_URL: pings and WebSub content go onto one BullMQ queue that every worker drains as they
 * come, first in first out, ahead of (and besides) the scheduled poll cycles; pings coalesce per feed
 * across all processes (`SharedPingCoalescing`). While Redis is unreachable this process falls back to
 * its own lane (`LocalPushLane`: a web node marks the feeds due in the database for the workers' next
 * cycle), with one warning line a minute: nothing is lost.
 */
@Injectable()
export class QueuedPushLane extends PushLane {
  private readonly coalescing: SharedPingCoalescing;
  private readonly local: LocalPushLane;

  constructor(
    @InjectQueue(PUSH_QUEUE) private readonly queue: Queue<PushJob>,
    private readonly redis: RedisConnection,
    private readonly marks: PingedFeedMarks,
    poll: PollService,
    @Inject(CONFIG) config: Config,
    @Inject(PROCESS_ROLE) role: ProcessRole,
  ) {
    super();
    this.coalescing = new SharedPingCoalescing(redis, config.PING_COALESCE_SECONDS * 1000);
    this.local = new LocalPushLane(poll, marks, role);
    // BullMQ's connection reports each failed reconnection; `pinged` already says once a minute.
    queue.on('error', () => undefined);
  }

  get coalescingState(): SharedPingCoalescing {
    return this.coalescing;
  }

  async pinged(feedIds: readonly string[]): Promise<void> {
    const fallBack: string[] = [];
    for (const feedId of feedIds) {
      let delay: number | null;
      try {
        delay = await this.coalescing.enqueue(feedId);
      } catch (error) {
        this.redis.fellBack('the ping queue', error);
        fallBack.push(feedId);
        continue;
      }
      if (delay === null) continue;
      try {
        // A feed this process marked due while Redis was away waits out that mark's window (Redis
        // knows nothing of it), as if the pings had coalesced there.
        await this.add({ kind: 'ping', feedId }, Math.max(delay, this.marks.windowLeft(feedId)));
      } catch (error) {
        // Redis said a job waits: unsay it, or later pings would be absorbed by a job that is not there.
        await this.coalescing.forget(feedId).catch(() => undefined);
        this.redis.fellBack('the ping queue', error);
        fallBack.push(feedId);
      }
    }
    if (fallBack.length) await this.local.pinged(fallBack);
  }

  async pushed(feedId: string, body: Buffer, contentType?: string): Promise<FeedPollResult | null> {
    if (!this.isReachable()) return this.local.pushed(feedId, body, contentType);
    await this.add({ kind: 'content', feedId, body: body.toString('base64'), contentType }, 0);
    return null;
  }

  /** Queues the fetch a ping earned during the last one (or while another cycle held the feed). */
  async owed(feedId: string, delay: number): Promise<void> {
    await this.add({ kind: 'ping', feedId }, delay);
  }

  async depth(): Promise<PushQueueDepth> {
    const { pings } = await this.local.depth();
    if (!this.isReachable()) return { pings, shared: 'unreachable' };
    const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed').catch(() => null);
    if (!counts) return { pings, shared: 'unreachable' };
    return {
      pings,
      shared: { waiting: counts.waiting ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0 },
    };
  }

  /**
   * Queues a job, or throws at once while the queue's own connection is away (it reconnects apart from
   * ours): BullMQ would hold the command until Redis is back, and the ping's answer with it.
   */
  private async add(job: PushJob, delay: number): Promise<void> {
    const { status } = await this.queue.getBackend().client;
    if (status !== 'ready') throw new Error(`the queue's connection is ${status}`);
    await this.queue.add(job.kind, job, { ...JOB_OPTIONS, delay });
  }

  /** BullMQ's own connection waits for Redis to come back; ours says at once whether it is there. */
  private isReachable(): boolean {
    return this.redis.client?.status === 'ready';
  }
}
