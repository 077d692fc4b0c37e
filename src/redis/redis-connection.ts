import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

export interface RedisState {
  status: 'up' | 'down';
  error?: string;
}

/** Every Redis connection of ours (BullMQ's too) tries again within 2 s: work resumes soon after an outage. */
export function reconnectDelay(attempt: number): number {
  return Math.min(attempt * 200, 2000);
}

/**
 * The process's Redis connection when REDIS_URL is set (null otherwise: one process keeps its limits in
 * memory). Commands fail at once while Redis is unreachable (no offline queue), so that callers fall back
 * to this process's own memory instead of waiting; the client reconnects by itself.
 */
export class RedisConnection {
  readonly client: Redis | null;
  private readonly warnedAt = new Map<string, number>();

  constructor(
    url: string | undefined,
    private readonly logger = new Logger(RedisConnection.name),
  ) {
    // ioredis is required only when there is a Redis to talk to (a CLI command without REDIS_URL starts
    // without it).
    this.client = url
      ? new (require('ioredis') as typeof import('ioredis')).default(url, {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          retryStrategy: reconnectDelay,
        })
      : null;
    // Without a listener ioredis prints every failed reconnection: `fellBack` says it once a minute.
    this.client?.on('error', () => undefined);
  }

  get isConfigured(): boolean {
    return this.client !== null;
  }

  async check(): Promise<RedisState> {
    try {
      await this.client!.ping();
      return { status: 'up' };
    } catch (error) {
      return { status: 'down', error: (error as Error).message };
    }
  }

  /** Logs that `what` fell back to this process's memory: one line per minute for each `what`. */
  fellBack(what: string, error: unknown): void {
    const now = Date.now();
    if (now - (this.warnedAt.get(what) ?? 0) < 60_000) return;
    this.warnedAt.set(what, now);
    this.logger.warn(
      `Redis unreachable (${(error as Error).message}): ${what} held by this process alone until it is back`,
    );
  }

  async close(): Promise<void> {
    await this.client?.quit().catch(() => this.client?.disconnect());
  }
}
