import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../src/app.module';
import { Clock } from '../../src/common/clock';
import { loadConfig } from '../../src/config/load-config';
import { prepareDatabase } from '../../src/db/prepare-database';
import { createTestDatabase, Dialect, TestDatabase } from './test-database';

/** A clock the test moves by hand. */
export class TestClock extends Clock {
  constructor(private current = new Date('2026-11-22T10:00:00Z')) {
    super();
  }

  override now(): Date {
    return new Date(this.current);
  }

  set(instant: Date | string): void {
    this.current = new Date(instant);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: INestApplicationContext;
  clock: TestClock;
  database: TestDatabase;
  /** With `http`: where the app listens on loopback. */
  baseUrl: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Share an existing database (a second worker, a restart); the caller drops it. */
  database?: TestDatabase;
  /** Serve HTTP on a loopback port (still without schedulers). */
  http?: boolean;
}

/** The real application (CLI role: no HTTP, no schedulers) on a fresh, migrated database. */
export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(dialect));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    FETCH_ALLOW_PRIVATE: 'true',
    ...env,
    DATABASE_URL: database.url,
  });
  await prepareDatabase(config.DATABASE_URL, { migrate: true });
  const clock = new TestClock();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.register({ config, role: 'cli' })] })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  let baseUrl = '';
  let app: INestApplicationContext;
  if (options.http) {
    const server = moduleRef.createNestApplication({ logger: false });
    await server.listen(0, '127.0.0.1');
    baseUrl = (await server.getUrl()).replace('[::1]', '127.0.0.1');
    app = server;
  } else {
    app = await moduleRef.init();
  }
  return {
    app,
    clock,
    database,
    baseUrl,
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}
