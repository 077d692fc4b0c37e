import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { RedisConnection } from './redis-connection';

/** The optional shared state of several processes (REDIS_URL): politeness, limits, the ping queue. */
@Global()
@Module({
  providers: [
    {
      provide: RedisConnection,
      inject: [CONFIG],
      useFactory: (config: Config) => new RedisConnection(config.REDIS_URL),
    },
  ],
  exports: [RedisConnection],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(RedisConnection) private readonly redis: RedisConnection) {}

  onApplicationShutdown(): Promise<void> {
    return this.redis.close();
  }
}
