import { IncomingHttpHeaders } from 'node:http';
import { ScaleFixture, workerOf } from '../../support/scale-fixture';
import { testDialects } from '../../support/test-database';
import { waitUntil } from '../../support/wait-until';

const FEEDS = 40;
/** Workers poll every second: their cycles overlap all the time. */
const WORKER_ENV = {
  POLL_INTERVAL_SECONDS: '1',
  FETCH_CONCURRENCY: '4',
  FETCH_PER_HOST: '4',
};

describe.each(testDialects())('poll claims shared by worker processes (%s)', (dialect) => {
  let fixture: ScaleFixture;

  beforeEach(async () => {
    fixture = await new ScaleFixture(FEEDS, 150).start(dialect);
  });

  afterEach(async () => {
    await fixture.stop();
  });

  it('fetches each due feed once per interval with three serve processes, not once per process', async () => {
    await fixture.startWorkers(3, WORKER_ENV);
    await waitUntil(() => fixture.requestsByPath().size === FEEDS, 'a request for every feed', 60_000);
    // Cycles under way when the workers stop finish first: a late duplicate would be counted too.
    await Promise.all(fixture.workers.map((worker) => worker.stop()));
    const counts = [...fixture.requestsByPath().values()];
    expect(counts).toHaveLength(FEEDS);
    expect(counts.every((count) => count === 1)).toBe(true);
  });

  it('loses and doubles nothing when a worker is killed (SIGKILL) in the middle of its cycle', async () => {
    // A first poll records what each feed has; the next one emails each feed's new post.
    await fixture.cli(['poll', '--once', '--all', '--at', new Date(Date.now() - 86_400_000).toISOString()]);
    fixture.edition = 2;
    const firstRequests = fixture.server.requests.length;
    // worker-1 starts alone: started together on a loaded machine, the others could take every feed first.
    // Its claims last 5 s, not 15: the others take its feeds over that soon after it is killed (their own
    // claims keep the default lease, which a busy machine's pauses do not outlast).
    await fixture.startWorkers(1, { ...WORKER_ENV, CLAIM_LEASE_SECONDS: '5' });
    await waitUntil(() => (fixture.inFlight.get('worker-1') ?? 0) > 0, 'worker-1 waiting for a feed', 60_000);
    await fixture.workers[0].kill('SIGKILL');
    await fixture.startWorkers(2, WORKER_ENV);
    await waitUntil(
      async () => (await fixture.emailCount()) >= FEEDS,
      async () => `an email for every feed (${await fixture.emailCount()} of ${FEEDS})\n${fixture.outputs()}`,
      150_000,
    );
    await Promise.all(fixture.workers.map((worker) => worker.stop()));

    expect(await fixture.emailCount()).toBe(FEEDS);
    const second = fixture.server.requests.slice(firstRequests);
    const byKilled = second.filter((request) => workerOf(request) === 'worker-1').length;
    // Only what the killed worker had in hand is fetched a second time; else the failure says which feeds
    // were fetched again, by whom, and what the workers logged.
    const isWithinBudget = second.length <= FEEDS + byKilled;
    expect(
      isWithinBudget
        ? 'within'
        : `${second.length} requests > ${FEEDS} + ${byKilled}\n${repeatedFetches(second)}\n${fixture.outputs()}`,
    ).toBe('within');
    expect(new Set(second.map((request) => request.url)).size).toBe(FEEDS);
  });
});

/** Each feed fetched more than once, with the workers that fetched it, in order. */
function repeatedFetches(requests: Array<{ url: string; headers: IncomingHttpHeaders }>): string {
  const byUrl = new Map<string, string[]>();
  for (const request of requests)
    byUrl.set(request.url, [...(byUrl.get(request.url) ?? []), workerOf(request) ?? 'other']);
  return [...byUrl]
    .filter(([, workers]) => workers.length > 1)
    .map(([url, workers]) => `${url}: ${workers.join(', ')}`)
    .join('\n');
}
