import { runTidings } from './cli';
import { FeedServer } from './feed-server';
import { SmtpCapture } from './smtp-capture';
import { createTestDatabase, Dialect, TestDatabase } from './test-database';

/**
 * What a spec of the real `tidings` processes works against: feeds, an SMTP server that parses each mail, a
 * database with every migration applied (the run's migrated copy: `tidings migrate` is spine.spec's).
 */
export interface TidingsWorld {
  feeds: FeedServer;
  smtp: SmtpCapture;
  database: TestDatabase;
  /** The processes' environment: the database, the SMTP server and a sender, then `settings`. */
  env: Record<string, string>;
  /** Runs a `tidings` command, expects it to succeed without a word on stderr, and returns its output. */
  tidings(...args: string[]): Promise<string>;
}

/**
 * Starts the world before the enclosing block's tests (in its `beforeAll`, so before the block's own) and
 * stops it after them. Its fields are set once started: read them inside hooks and tests.
 */
export function useTidingsWorld(dialect: Dialect, settings: Record<string, string> = {}): TidingsWorld {
  const world = {
    env: {},
    async tidings(...args: string[]) {
      const result = await runTidings(args, world.env);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      return result.stdout;
    },
  } as TidingsWorld;
  beforeAll(async () => {
    world.feeds = await new FeedServer().start();
    world.smtp = await new SmtpCapture().start();
    world.database = await createTestDatabase(dialect, { migrated: true });
    world.env = {
      DATABASE_URL: world.database.url,
      SMTP_URL: world.smtp.url,
      MAIL_FROM: 'tidings@tidings.test',
      ...settings,
    };
  });
  afterAll(async () => {
    await world.feeds?.stop();
    await world.smtp?.stop();
    await world.database?.drop();
  });
  return world;
}
