import { ScaleFixture, workerOf } from '../../support/scale-fixture';
import { TestRedisServer } from '../../support/redis-server';
import { testDialects } from '../../support/test-database';
import { waitUntil } from '../../support/wait-until';

const FEEDS = 40;
const PINGS_PER_FEED = 5;

describe('pings through the shared BullMQ queue: two web nodes, three workers', () => {
  let fixture: ScaleFixture;
  const redis = new TestRedisServer();
  const env = () => ({
    REDIS_URL: redis.url,
    POLL_INTERVAL_SECONDS: '1',
    // One window for the whole spec: a feed pinged again during its fetch is owed one fetch, an hour on.
    PING_COALESCE_SECONDS: '3600',
    PING_RATE_PER_MINUTE: '10000',
    FETCH_CONCURRENCY: '8',
    FETCH_PER_HOST: '8',
  });

  beforeAll(async () => {
    await redis.start();
    fixture = await new ScaleFixture(FEEDS, 50).start(testDialects().at(-1)!);
  });
  afterAll(async () => {
    await fixture.stop();
    await redis.stop();
  });

  it('fetches each pinged feed once per coalescing window, by a worker, whichever web node got the pings', async () => {
    // A first poll records every feed: none is due again during the spec, so every fetch below is a ping's.
    await fixture.cli(['poll', '--once', '--all']);
    const before = fixture.server.requests.length;
    const webs = await Promise.all([
      fixture.startProcess('web-1', env(), ['--role', 'web']),
      fixture.startProcess('web-2', env(), ['--role', 'web']),
    ]);
    await fixture.startWorkers(3, env(), ['--role', 'worker']);

    const pings = fixture
      .paths()
      .flatMap((path) => Array.from({ length: PINGS_PER_FEED }, () => fixture.server.url(path)));
    const answers = await Promise.all(
      pings.map((url, index) =>
        fetch(`${webs[index % 2].baseUrl}/ping?url=${encodeURIComponent(url)}`, { method: 'POST' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(pings.map(() => 200));

    const pinged = () => fixture.server.requests.slice(before);
    const unfetched = () => {
      const fetched = new Set(pinged().map((request) => request.url));
      return fixture.paths().filter((path) => !fetched.has(path));
    };
    await waitUntil(
      () => unfetched().length === 0,
      async () =>
        `a fetch of every pinged feed; not fetched: ${unfetched().join(' ')}\n` +
        `queue: ${JSON.stringify((await (await fetch(`${webs[0].baseUrl}/health`)).json()).queue)}\n` +
        `${await fixture.describeFeeds(unfetched(), redis)}\n` +
        `${fixture.outputs()}`,
      120_000,
    );
    // The queue is drained: nothing waits or runs (fetches owed after the window are delayed jobs).
    let health: { role: string; redis: { status: string }; queue: { shared: Record<string, number> } };
    await waitUntil(
      async () => {
        health = await (await fetch(`${webs[0].baseUrl}/health`)).json();
        return health.queue.shared.waiting === 0 && health.queue.shared.active === 0;
      },
      'the push queue drained',
      60_000,
    );
    expect(health!).toMatchObject({ role: 'web', redis: { status: 'up' } });
    // Through the queue, not the fallback (feeds marked due in the database): each feed's coalescing
    // state is in Redis, and no process fell back.
    expect(await redis.command('--scan', '--pattern', 'tidings:ping:*')).toHaveLength(FEEDS);
    for (const process of fixture.workers) expect(process.output()).not.toContain('Redis unreachable');
    await Promise.all(fixture.workers.map((process) => process.stop()));

    const fetches = new Map<string, number>();
    for (const request of pinged()) fetches.set(request.url, (fetches.get(request.url) ?? 0) + 1);
    expect([...fetches.values()]).toEqual(fixture.paths().map(() => 1));
    const fetchers = new Set(pinged().map(workerOf));
    expect([...fetchers].every((name) => name?.startsWith('worker-'))).toBe(true);
    // Five processes starting on a loaded 2-core machine: slow is not a failure.
  }, 300_000);
});
