import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../src/app.module';
import { Clock } from '../../src/common/clock';
import { loadConfig } from '../../src/config/load-config';
import { prepareDatabase } from '../../src/db/prepare-database';
import { freePort } from './server-process';
import { TestClock } from './test-app';
import { createTestDatabase, Dialect, TestDatabase } from './test-database';

export interface TestServer {
  app: INestApplication;
  clock: TestClock;
  database: TestDatabase;
  baseUrl: string;
  /** The inbound SMTP listener's port. */
  smtpPort: number;
  close(): Promise<void>;
}

/** The real application in the `serve` role (HTTP and the inbound SMTP listener) on a fresh database. */
export async function createTestServer(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const database = await createTestDatabase(dialect);
  const smtpPort = await freePort();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    FETCH_ALLOW_PRIVATE: 'true',
    POLL_INTERVAL_SECONDS: '86400',
    INBOUND_SMTP_PORT: String(smtpPort),
    ...env,
    DATABASE_URL: database.url,
  });
  await prepareDatabase(config.DATABASE_URL, { migrate: true });
  const clock = new TestClock();
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.register({ config, role: 'serve' })],
  })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  return {
    app,
    clock,
    database,
    baseUrl: await app.getUrl(),
    smtpPort,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
