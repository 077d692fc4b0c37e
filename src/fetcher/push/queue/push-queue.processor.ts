import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { CONFIG } from '../../../config/config.module';
import { Config } from '../../../config/load-config';
import { PollService } from '../../poll.service';
import { PUSH_QUEUE, PushJob, QueuedPushLane } from './queued-push-lane';

/**
 * A worker's share of the push queue: up to FETCH_CONCURRENCY jobs at once, each a pinged feed polled
 * now (claimed in the database like any poll, under the shared per-host limits) or a pushed body
 * parsed. While Redis is unreachable the queue waits where it is (BullMQ reconnects by itself): one line
 * says so, one more when the worker's connection is back.
 */
@Processor(PUSH_QUEUE)
export class PushQueueProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(PushQueueProcessor.name);
  private isPaused = false;

  constructor(
    private readonly poll: PollService,
    private readonly lane: QueuedPushLane,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.FETCH_CONCURRENCY;
    // The worker itself says 'ready' once only; its connections say it at every reconnection.
    this.worker.getBackend().on('ready', () => this.onReady());
  }

  async process(job: Job<PushJob>): Promise<void> {
    const data = job.data;
    if (data.kind === 'content') {
      await this.poll.ingestBody(data.feedId, Buffer.from(data.body, 'base64'), data.contentType);
      return;
    }
    const coalescing = this.lane.coalescingState;
    await coalescing.begin(data.feedId);
    let outcome: Awaited<ReturnType<PollService['pollPinged']>>;
    try {
      // A job started again (Redis went away, or its worker died, before it was marked done) does not
      // fetch again when its first run did; `timestamp` is the web node's clock, close enough here.
      const rerun = job.attemptsStarted > 1 ? new Date(job.timestamp) : undefined;
      outcome = await this.poll.pollPinged(data.feedId, rerun);
    } catch (error) {
      // Tried again with back-off (the job's attempts); meanwhile the window runs as after a fetch.
      await coalescing.end(data.feedId, false);
      throw error;
    }
    const owed = await coalescing.end(data.feedId, outcome === 'busy');
    if (owed !== null) await this.lane.owed(data.feedId, owed);
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<PushJob> | undefined, error: Error): void {
    const attempts = `attempt ${job?.attemptsMade ?? '?'} of ${job?.opts.attempts ?? '?'}`;
    this.logger.warn(`push job for feed ${job?.data.feedId} failed (${attempts}): ${error.message}`);
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    if (this.isPaused) return;
    this.isPaused = true;
    this.logger.warn(
      `push queue paused: Redis unreachable (${error.message}); it resumes when Redis is back`,
    );
  }

  private onReady(): void {
    if (!this.isPaused) return;
    this.isPaused = false;
    this.logger.warn('push queue resumed: Redis is back');
  }
}
