import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Config } from '../config/load-config';
import { NormalizedFeed } from './domain/normalized-entry';
import { FeedParseError, parseFeed, ParseFeedOptions } from './domain/parse-feed';

export interface ParseJob {
  body: Uint8Array;
  options: ParseFeedOptions;
}

/** What a worker posts back: the feed, the reason it is not a feed, or an unexpected failure. */
export type ParseOutcome = { feed: NormalizedFeed } | { parseError: string } | { failure: string };
/** What a worker posts once its modules are loaded: a parse's time starts only on a ready thread. */
export type WorkerMessage = ParseOutcome | { ready: true };

export interface FeedParserOptions {
  /** Worker threads; 0 parses on the calling thread (no time or memory budget then). */
  workers: number;
  /** A parse still running after this long is stopped (its worker is replaced). */
  timeoutMs: number;
  /** V8 old-space limit of each worker: a feed that needs more fails alone. */
  maxMemoryMb?: number;
  /** The compiled worker script; by default the one beside this file. */
  script?: string;
}

interface QueuedParse extends ParseJob {
  resolve: (feed: NormalizedFeed) => void;
  reject: (error: Error) => void;
}

interface ParseThread {
  worker: Worker;
  isReady: boolean;
  job: QueuedParse | null;
  timer?: NodeJS.Timeout;
}

const DEFAULT_MAX_MEMORY_MB = 512;
/** The compiled worker; absent when running from the TypeScript sources (ts-jest), which parse in process. */
const BUILT_SCRIPT = join(__dirname, 'feed-parser.worker.js');

/**
 * Parses fetched feeds on worker threads. Parsing is the one long piece of CPU work of a poll (a 10 MB
 * feed of 100,000 items takes over a second): off the event loop it holds up no other poll, web request
 * or email, runs on the other cores, and has a real budget. A parse that runs past `timeoutMs` or needs
 * more than `maxMemoryMb` is stopped with its thread and fails as a `FeedParseError` for that feed alone.
 * Threads start on the first parse; each takes one feed at a time from a shared queue.
 */
@Injectable()
export class FeedParser implements OnModuleDestroy {
  private readonly threads: ParseThread[] = [];
  private readonly queue: QueuedParse[] = [];
  private readonly script: string | null;
  private readonly maxMemoryMb: number;
  private isClosed = false;

  constructor(private readonly options: FeedParserOptions) {
    const script = options.script ?? BUILT_SCRIPT;
    this.script = options.workers > 0 && existsSync(script) ? script : null;
    this.maxMemoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
  }

  static fromConfig(config: Config): FeedParser {
    return new FeedParser({ workers: config.PARSE_WORKERS, timeoutMs: config.PARSE_TIMEOUT_MS });
  }

  /** `parseFeed`, on a worker thread when there are any. */
  parse(body: Buffer, options: ParseFeedOptions): Promise<NormalizedFeed> {
    if (!this.script) return parseFeed(body, options);
    if (this.isClosed) return Promise.reject(new Error('the feed parser is closed'));
    return new Promise((resolve, reject) => {
      // A copy of exactly these bytes, moved to the worker (a Buffer may be a view of a larger pool).
      this.queue.push({ body: new Uint8Array(body), options, resolve, reject });
      this.dispatch();
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.isClosed = true;
    const closed = new Error('the feed parser is closed');
    for (const job of this.queue.splice(0)) job.reject(closed);
    await Promise.all(this.threads.splice(0).map((thread) => this.stop(thread, closed)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.threads.find((candidate) => candidate.isReady && candidate.job === null);
      if (!thread) {
        let booting = this.threads.filter((candidate) => !candidate.isReady).length;
        while (booting < this.queue.length && this.threads.length < this.options.workers) {
          this.spawn();
          booting += 1;
        }
        return;
      }
      const job = this.queue.shift()!;
      thread.job = job;
      thread.timer = setTimeout(
        () => this.replace(thread, `parsing took longer than ${this.options.timeoutMs} ms`),
        this.options.timeoutMs,
      );
      thread.worker.postMessage({ body: job.body, options: job.options } satisfies ParseJob, [
        job.body.buffer as ArrayBuffer,
      ]);
    }
  }

  /** Starts a thread; it takes work once it says it is ready. */
  private spawn(): void {
    const worker = new Worker(this.script!, {
      resourceLimits: { maxOldGenerationSizeMb: this.maxMemoryMb },
    });
    worker.unref();
    const thread: ParseThread = { worker, isReady: false, job: null };
    worker.on('message', (message: WorkerMessage) => {
      if ('ready' in message) {
        thread.isReady = true;
        this.dispatch();
      } else this.settle(thread, message);
    });
    worker.on('error', (error: Error & { code?: string }) =>
      this.replace(
        thread,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `parsing needed more than ${this.maxMemoryMb} MB`
          : `the parser failed: ${error.message}`,
      ),
    );
    worker.on('exit', () => this.replace(thread, 'the parser stopped'));
    this.threads.push(thread);
  }

  private settle(thread: ParseThread, outcome: ParseOutcome): void {
    const job = thread.job;
    clearTimeout(thread.timer);
    thread.job = null;
    if (job) {
      if ('feed' in outcome) job.resolve(outcome.feed);
      else if ('parseError' in outcome) job.reject(new FeedParseError(outcome.parseError));
      else job.reject(new Error(outcome.failure));
    }
    this.dispatch();
  }

  /** Ends a thread that overran, crashed or stopped: its feed fails, the next parse gets a new thread. */
  private replace(thread: ParseThread, reason: string): void {
    const index = this.threads.indexOf(thread);
    if (index < 0) return;
    this.threads.splice(index, 1);
    // A thread that dies before it is ready fails the oldest waiting feed, so a thread that can never
    // start fails feeds one by one instead of holding them all.
    if (!thread.isReady) thread.job = this.queue.shift() ?? null;
    void this.stop(thread, new FeedParseError(reason));
    this.dispatch();
  }

  private async stop(thread: ParseThread, error: Error): Promise<void> {
    clearTimeout(thread.timer);
    thread.job?.reject(error);
    thread.job = null;
    await thread.worker.terminate();
  }
}
