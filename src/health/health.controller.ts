import { Controller, Get, HttpException, HttpStatus, Inject } from '@nestjs/common';
import { PROCESS_ROLE, ProcessRole } from '../config/process-role';
import { DatabaseHealth } from '../db/database-health';
import { PushLane } from '../fetcher/push/queue/push-lane';
import { RedisConnection } from '../redis/redis-connection';

/** What a load balancer or an orchestrator asks each process: its role, its database, its queue. */
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly pushLane: PushLane,
    private readonly redis: RedisConnection,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
  ) {}

  @Get()
  async check() {
    const database = await this.database.check();
    const body = {
      status: database.status === 'up' ? 'ok' : 'error',
      role: this.role,
      database,
      // Redis down is no reason to take a process out of a load balancer: it falls back to its memory.
      ...(this.redis.isConfigured ? { redis: await this.redis.check() } : {}),
      queue: await this.pushLane.depth(),
    };
    if (database.status !== 'up') throw new HttpException(body, HttpStatus.SERVICE_UNAVAILABLE);
    return body;
  }
}
