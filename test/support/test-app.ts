import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../src/app.module';
import { Clock } from '../../src/common/clock';
import { loadConfig } from '../../src/config/load-config';
import { ProcessRole } from '../../src/config/process-role';
import { prepareDatabase } from '../../src/db/prepare-database';
import { freePort } from './server-process';
import { createTestDatabase, Dialect, TestDatabase } from './test-database';

/** A clock the test moves by hand; whoever sleeps on it wakes when the test moves it far enough. */
export class TestClock extends Clock {
  private sleepers: Array<{ until: number; wake: () => void }> = [];

  constructor(private current = new Date('2026-11-22T10:00:00Z')) {
    super();
  }

  override now(): Date {
    return new Date(this.current);
  }

  override sleepUntil(instant: Date, signal?: AbortSignal): Promise<void> {
    if (instant.getTime() <= this.current.getTime() || signal?.aborted) return Promise.resolve();
    return new Promise((wake) => {
      const sleeper = { until: instant.getTime(), wake };
      this.sleepers.push(sleeper);
      signal?.addEventListener('abort', () => {
        this.sleepers = this.sleepers.filter((other) => other !== sleeper);
        wake();
      });
    });
  }

  /** How many are asleep on this clock (a send waiting for its turn). */
  get sleeping(): number {
    return this.sleepers.length;
  }

  set(instant: Date | string): void {
    this.current = new Date(instant);
    const due = this.sleepers.filter((sleeper) => sleeper.until <= this.current.getTime());
    this.sleepers = this.sleepers.filter((sleeper) => !due.includes(sleeper));
    for (const sleeper of due) sleeper.wake();
  }

  advance(ms: number): void {
    this.set(new Date(this.current.getTime() + ms));
  }
}

export interface TestApp {
  app: INestApplicationContext;
  clock: TestClock;
  database: TestDatabase;
  /** With `http`: where the app listens on loopback (also its PUBLIC_URL unless `env` sets one). */
  baseUrl: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Share an existing database (a second worker, a restart); the caller drops it. */
  database?: TestDatabase;
  /** Serve HTTP on a loopback port (still without schedulers). */
  http?: boolean;
  /** The process role the modules are built for (`cli` by default); `web` adds the web modules, unserved. */
  role?: Extract<ProcessRole, 'cli' | 'web'>;
}

/**
 * The real application (CLI role: no schedulers) on a fresh, migrated database; with `http` it also
 * serves its routes on a loopback port, as `serve` would (raw bodies kept).
 */
export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(dialect, { migrated: true }));
  const port = options.http ? await freePort() : 0;
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    FETCH_ALLOW_PRIVATE: 'true',
    ...(options.http ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    ...env,
    DATABASE_URL: database.url,
  });
  await prepareDatabase(config.DATABASE_URL, { migrate: true });
  const clock = new TestClock();
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.register({ config, role: options.role ?? 'cli' })],
  })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  let app: INestApplicationContext;
  if (options.http) {
    const server = moduleRef.createNestApplication({ logger: false, rawBody: true });
    await server.listen(port, '127.0.0.1');
    app = server;
  } else {
    app = await moduleRef.init();
  }
  return {
    app,
    clock,
    database,
    baseUrl: options.http ? `http://127.0.0.1:${port}` : '',
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}
