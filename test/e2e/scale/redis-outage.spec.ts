import { ScaleFixture } from '../../support/scale-fixture';
import { TestRedisServer } from '../../support/redis-server';
import { testDialects } from '../../support/test-database';
import { waitUntil } from '../../support/wait-until';

const FEEDS = 40;
/** How long Redis stays away: long enough for every process to notice and fall back. */
const OUTAGE_MS = 10_000;

describe('a Redis outage under a web node and two workers', () => {
  let fixture: ScaleFixture;
  const redis = new TestRedisServer({ persistent: true });
  const env = () => ({
    REDIS_URL: redis.url,
    POLL_INTERVAL_SECONDS: '1',
    PING_COALESCE_SECONDS: '3600',
    PING_RATE_PER_MINUTE: '10000',
    FETCH_PER_HOST: '8',
  });

  beforeAll(async () => {
    await redis.start();
    fixture = await new ScaleFixture(FEEDS, 20).start(testDialects().at(-1)!);
  });
  afterAll(async () => {
    await fixture.stop();
    await redis.stop();
  });

  it('keeps serving, loses and doubles no ping, and picks the queue up again when Redis is back', async () => {
    await fixture.cli(['poll', '--once', '--all']);
    const before = fixture.server.requests.length;
    const web = await fixture.startProcess('web-1', env(), ['--role', 'web']);
    await fixture.startWorkers(2, env(), ['--role', 'worker']);
    const paths = fixture.paths();
    const [beforeOutage, duringOutage, afterOutage] = [
      paths.slice(0, 10),
      paths.slice(10, 20),
      paths.slice(20, 30),
    ];
    const fetched = () => fixture.server.requests.slice(before).map((request) => request.url);
    const ping = async (batch: string[]) => {
      const answers = await Promise.all(
        [...batch, ...batch].map((path) =>
          fetch(`${web.baseUrl}/ping?url=${encodeURIComponent(fixture.server.url(path))}`, {
            method: 'POST',
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    };
    const allFetched = (batch: string[]) => () => batch.every((path) => fetched().includes(path));
    const missing = (batch: string[], what: string) => async () => {
      const unfetched = batch.filter((path) => !fetched().includes(path));
      return `${what}; not fetched:\n${await fixture.describeFeeds(unfetched, redis)}\n${fixture.outputs()}`;
    };

    await ping(beforeOutage);
    await waitUntil(
      allFetched(beforeOutage),
      missing(beforeOutage, 'the pings before the outage fetched'),
      120_000,
    );

    await redis.stop();
    const outageEnds = Date.now() + OUTAGE_MS;
    await ping(duringOutage);
    const health = await (await fetch(`${web.baseUrl}/health`)).json();
    expect(health).toMatchObject({
      status: 'ok',
      redis: { status: 'down' },
      queue: { shared: 'unreachable' },
    });
    // The web node marked them due in the database: the workers' next cycles poll them.
    await waitUntil(
      allFetched(duringOutage),
      missing(duringOutage, 'the pings during the outage fetched'),
      120_000,
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())));
    await redis.start();

    await ping(afterOutage);
    await waitUntil(
      allFetched(afterOutage),
      missing(afterOutage, 'the pings after the outage fetched'),
      120_000,
    );
    const workers = fixture.workers.filter((process) => process !== web);
    await waitUntil(
      () => workers.some((process) => process.output().includes('push queue resumed')),
      "a worker's push queue resumed",
      60_000,
    );
    await Promise.all(fixture.workers.map((process) => process.stop()));

    const counts = new Map<string, number>();
    for (const url of fetched()) counts.set(url, (counts.get(url) ?? 0) + 1);
    const pinged = [...beforeOutage, ...duringOutage, ...afterOutage];
    expect(pinged.map((path) => counts.get(path))).toEqual(pinged.map(() => 1));
    expect(paths.slice(30).filter((path) => counts.has(path))).toEqual([]);
    // One warning line for the outage (a minute's worth), and the workers' queue paused, then resumed.
    expect(web.output().match(/Redis unreachable .*the ping queue/g)).toHaveLength(1);
    expect(workers.some((process) => process.output().includes('push queue paused'))).toBe(true);
  }, 400_000);
});
