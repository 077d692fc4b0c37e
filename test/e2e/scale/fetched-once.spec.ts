import { ScaleFixture } from '../../support/scale-fixture';
import { testDialects, writeDatabase } from '../../support/test-database';
import { waitUntil } from '../../support/wait-until';

/**
 * Enough feeds, polled fast enough, that three workers' claims, state writes and ping-URL refreshes
 * cross all the time: with 1,200 feeds each round saw deadlocks, failed cycles and hundreds of feeds
 * fetched twice before the writes were ordered and a deadlock's victim retried.
 */
const FEEDS = 1200;
const WORKER_ENV = {
  POLL_INTERVAL_SECONDS: '1',
  // One loopback host: its limits would be the bottleneck, not the database.
  FETCH_PER_HOST: '60',
};
/** The proof is about MariaDB (InnoDB's row locks); without it, SQLite's file lock is tested instead. */
const dialects = testDialects().includes('mysql') ? (['mysql'] as const) : (['sqlite'] as const);

describe.each(dialects)('every feed fetched once per round by three workers (%s)', (dialect) => {
  let fixture: ScaleFixture;

  beforeEach(async () => {
    fixture = await new ScaleFixture(FEEDS, 0).start(dialect);
  });

  afterEach(async () => {
    await fixture.stop();
  });

  it('never fetches a feed twice in a round, and no poll cycle fails', async () => {
    await fixture.startWorkers(3, WORKER_ENV);
    // Round 1: first polls (every body parsed, entries stored, ping URLs recorded).
    await waitUntil(
      async () => (await fixture.feedsWaitingBeyond(Date.now())) === FEEDS,
      () => `every feed polled once (${fixture.server.requests.length} requests)\n${fixture.outputs()}`,
      240_000,
    );
    const first = fixture.requestsByPath();
    // Round 2: every feed due again at once (the same bodies: mostly state writes and claims).
    const secondStart = fixture.server.requests.length;
    await writeDatabase(fixture.database, "UPDATE feeds SET next_poll_at = '2000-01-01 00:00:00.000'");
    await waitUntil(
      async () => (await fixture.feedsWaitingBeyond(Date.now())) === FEEDS,
      () => `every feed polled again (${fixture.server.requests.length} requests)\n${fixture.outputs()}`,
      240_000,
    );
    // Cycles under way finish before the workers exit: a late second fetch would be counted too.
    await Promise.all(fixture.workers.map((worker) => worker.stop()));
    const second = new Map<string, number>();
    for (const request of fixture.server.requests.slice(secondStart))
      second.set(request.url, (second.get(request.url) ?? 0) + 1);

    const twice = (counts: Map<string, number>) => [...counts].filter(([, count]) => count > 1).length;
    expect({ round: 1, feeds: first.size, fetchedTwice: twice(first) }).toEqual({
      round: 1,
      feeds: FEEDS,
      fetchedTwice: 0,
    });
    expect({ round: 2, feeds: second.size, fetchedTwice: twice(second) }).toEqual({
      round: 2,
      feeds: FEEDS,
      fetchedTwice: 0,
    });
    expect(fixture.outputs()).not.toMatch(/poll-cycle failed|Deadlock/);
  });
});
