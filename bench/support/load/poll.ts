/**
 * The poll scenario of `npm run bench -- load`: `--feeds` feeds over `--hosts` loopback addresses, each
 * read by one of `--readers` readers (daily digests: the poll's own work, no email), polled by
 * `--workers` `tidings serve --role worker` processes on one database and a Redis of the run's own,
 * with default settings. A first round polls every feed once (each body parsed: not the steady state);
 * then each round makes every feed due at once and times until every feed's new state is written, in
 * the steady mix (80 % 304, 15 % unchanged 200, 5 % one new post). Each round counts the feeds
 * fetched more than once, the cycles that failed, the most requests at once on one host and the shortest
 * gap between two on one host, as the feed server saw them arrive (the shared gate grants turns
 * FETCH_HOST_GAP_MS apart; on a saturated machine a worker's request can leave later than its turn),
 * beside the longest delay of the feed server's own event loop, which shortens that gap as it sees it;
 * the raw baseline GETs the same URLs with undici, 20 at once, in the
 * same run (alternating with the rounds). BENCH_WORKER_NODE_FLAGS (`--cpu-prof --cpu-prof-dir=DIR`) profiles the
 * workers over the measured rounds.
 */
import { DataSource } from 'typeorm';
import { Agent, request } from 'undici';
import { machineCpuSeconds, pidOf, processCpuSeconds } from '../cpu-usage';
import { median } from '../report';
import { BASELINE_AGENT, FeedHosts, kindOf } from './feed-hosts';
import { LoadOptions } from './options';
import { LoadRun } from './run';
import { seedReaders, sqlTime } from './seed';

const BASELINE_CONCURRENCY = 20;
/** Kept across the baseline's runs, as the workers keep their connections across rounds. */
const dispatcher = new Agent({ keepAliveTimeout: 60_000 });
/** After a round's last state is written, a late second fetch (a failed cycle's feeds) would come by then. */
const SETTLE_MS = 2000;

export async function run(options: LoadOptions): Promise<void> {
  const hosts = await new FeedHosts(options.feeds, options.hosts).start();
  const run = await LoadRun.start(options);
  try {
    const urls = Array.from({ length: options.feeds }, (_, index) => hosts.url(index));
    await seedReaders(run.dataSource, urls, options.readers, 'daily');
    const databaseBefore = await run.databaseBytes();
    await run.startWorkers();
    const first = await pollRound(run, hosts);
    if (process.env.BENCH_WORKER_NODE_FLAGS) {
      // Profiles cover the measured rounds, not the first (every body parsed) nor the start.
      await run.stopWorkers();
      await run.startWorkers({ profiled: true });
    }
    await baseline(hosts); // opens the baseline's connections, as the first round opened the workers'
    const rounds: RoundFigures[] = [];
    const baselines: number[] = [];
    for (let index = 0; index < options.rounds; index += 1) {
      hosts.edition += 1;
      rounds.push(await pollRound(run, hosts));
      baselines.push(await baseline(hosts));
    }
    const ours = median(rounds.map((round) => round.feedsPerSecond));
    const memory = run.workerMemory();
    // Stopped, so that the pass of retention measured below is the only writer.
    await run.stopWorkers();
    const growth = await run.growthFigures(databaseBefore, options.feeds, 'feeds');
    run.report({
      name: 'load',
      ours,
      baseline: median(baselines),
      unit: 'feeds/s',
      higherIsBetter: true,
      extra: {
        scenario: 'poll',
        database: options.db,
        feeds: options.feeds,
        hosts: options.hosts,
        readers: options.readers,
        workers: options.workers,
        mix: '304:80%,unchanged:15%,new-post:5%',
        first_round_feeds_per_s: first.feedsPerSecond,
        rounds_feeds_per_s: rounds.map((round) => Math.round(round.feedsPerSecond)).join(','),
        baseline_feeds_per_s: baselines.map(Math.round).join(','),
        fetched_twice: rounds.map((round) => round.fetchedTwice).join(','),
        fetched_twice_first_round: first.fetchedTwice,
        failed_cycles: [first, ...rounds].reduce((sum, round) => sum + round.failedCycles, 0),
        peak_per_host: Math.max(...rounds.map((round) => round.peakPerHost)),
        shortest_host_gap_ms: Math.min(...rounds.map((round) => round.shortestGapMs)),
        feed_server_loop_delay_max_ms: Math.max(...rounds.map((round) => round.serverLoopDelayMaxMs)),
        worker_cpu_ms_per_feed: median(rounds.map((round) => round.workerCpuMsPerFeed)),
        database_cpu_ms_per_feed: median(rounds.map((round) => round.databaseCpuMsPerFeed)),
        machine_busy: median(rounds.map((round) => round.machineBusy)),
        ...growth,
        ...memory,
      },
    });
  } finally {
    await run.stop();
    await dispatcher.close();
    await hosts.stop();
  }
}

interface RoundFigures {
  feedsPerSecond: number;
  fetchedTwice: number;
  failedCycles: number;
  peakPerHost: number;
  shortestGapMs: number;
  serverLoopDelayMaxMs: number;
  workerCpuMsPerFeed: number;
  databaseCpuMsPerFeed: number;
  machineBusy: number;
}

/** Makes every feed due now and waits until each one's new state is written. */
async function pollRound(run: LoadRun, hosts: FeedHosts): Promise<RoundFigures> {
  const database = pidOf('mariadbd', 'mysqld');
  const cpu = () => ({
    workers: run.workers.reduce((sum, worker) => sum + processCpuSeconds(worker.pid), 0),
    database: run.options.db === 'mysql' ? processCpuSeconds(database) : 0,
    machine: machineCpuSeconds(),
  });
  const failedBefore = run.failedCycles();
  hosts.resetCounts();
  const before = cpu();
  // Due from the last whole second (the column's precision), but timed from when they became due.
  const startedAt = Date.now();
  const start = new Date(Math.floor(startedAt / 1000) * 1000);
  await run.dataSource.query('UPDATE feeds SET next_poll_at = ?', [sqlTime(start)]);
  await waitForAllPolled(run.dataSource, start, hosts.feeds);
  const seconds = (Date.now() - startedAt) / 1000;
  const after = cpu();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const perFeedMs = (cpuSeconds: number) => (cpuSeconds * 1000) / hosts.feeds;
  return {
    feedsPerSecond: hosts.feeds / seconds,
    fetchedTwice: hosts.fetchedTwice(),
    failedCycles: run.failedCycles() - failedBefore,
    peakPerHost: hosts.peakPerHost,
    shortestGapMs: hosts.shortestGapMs,
    serverLoopDelayMaxMs: hosts.loopDelayMaxMs,
    workerCpuMsPerFeed: perFeedMs(after.workers - before.workers),
    databaseCpuMsPerFeed: perFeedMs(after.database - before.database),
    machineBusy:
      (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total || 1),
  };
}

async function waitForAllPolled(dataSource: DataSource, since: Date, feeds: number): Promise<void> {
  for (;;) {
    const [row] = await dataSource.query('SELECT COUNT(*) AS n FROM feeds WHERE last_polled_at >= ?', [
      sqlTime(since),
    ]);
    if (Number(row.n) >= feeds) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Raw undici GETs of every feed, 20 at once, with the validators a poller keeps: feeds per second. */
async function baseline(hosts: FeedHosts): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < hosts.feeds) {
      const index = next++;
      const headers: Record<string, string> = { 'user-agent': BASELINE_AGENT };
      if (kindOf(index) === 'not-modified') headers['if-none-match'] = `"feed-${index}"`;
      const response = await request(hosts.url(index), { headers, dispatcher });
      await response.body.arrayBuffer();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: BASELINE_CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  return hosts.feeds / seconds;
}
