import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { RedisConnection } from './redis-connection';
import { RateLimits } from './rate-limits';

/** The optional shared state of several processes (REDIS_URL): politeness, limits, the ping queue. */
@Global()
@Module({
  providers: [
    {
      provide: RedisConnection,
      inject: [CONFIG],
      useFactory: (config: Config) => new RedisConnection(config.REDIS_URL),
    },
    RateLimits,
  ],
  exports: [RedisConnection, RateLimits],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(RedisConnection) private readonly redis: RedisConnection) {}

  onApplicationShutdown(): Promise<void> {
    return this.redis.close();
  }
}
