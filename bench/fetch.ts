/**
 * `npm run bench -- fetch`: steady-state poll cycles of 5,000 feeds on a loopback server (90 % answer
 * 304, 7 % an unchanged 200, 3 % a new item, each emailed to its subscriber) through the real pipeline
 * and a SQLite database, against a baseline that GETs the same URLs with undici at the same concurrency;
 * the medians of several alternating rounds are compared; `npm run bench -- fetch --all-304` makes every
 * feed answer 304. The feeds are spread over 50 loopback addresses (127.0.0.1 … 127.0.0.50) so that
 * FETCH_PER_HOST=2 applies as it would to 50 hosts; the minimum gap between requests to one host is set
 * to 0 for the run (it would otherwise dominate).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { request } from 'undici';
import { createCliContext } from '../src/bootstrap';
import { newId, sha256Hex } from '../src/common/ids';
import { loadConfig } from '../src/config/load-config';
import { prepareDatabase } from '../src/db/prepare-database';
import { PollService } from '../src/fetcher/poll.service';
import { EmailTemplates } from '../src/mail/email-templates';
import { median, peakMemoryMiB, reportBench, timeMs } from './support/report';

const FEEDS = 5000;
const HOSTS = 50;
const CONCURRENCY = 20;
/** Measured rounds of each side; the medians are compared. */
const ROUNDS = 5;

type Kind = 'not-modified' | 'unchanged' | 'new-items';
/** `--all-304`: every feed answers 304, to see the cost of the not-modified path alone. */
const isAll304 = process.argv.includes('--all-304');
/** The mix of a 304-heavy cycle: 90 % answer 304, 7 % an unchanged 200, 3 % a new item. */
const kindOf = (index: number): Kind =>
  isAll304 || index % 100 < 90 ? 'not-modified' : index % 100 < 97 ? 'unchanged' : 'new-items';
/** Bumped before each measured cycle: every feed of the new-items kind then shows one more post. */
let edition = 0;

function feedBody(index: number, newest: number): string {
  const items = Array.from({ length: 10 }, (_, age) => {
    const n = newest - age;
    const date = new Date(Date.UTC(2026, 10, 1) + n * 3_600_000).toUTCString();
    return `<item><title>Post ${n} of feed ${index}</title><link>https://feed${index}.example/${n}</link><guid>feed${index}-${n}</guid><pubDate>${date}</pubDate><description>Body of post ${n}: ${'lorem ipsum '.repeat(20)}</description></item>`;
  }).join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed ${index}</title><link>https://feed${index}.example/</link>${items}</channel></rss>`;
}

function serve(request: IncomingMessage, response: ServerResponse): void {
  const index = Number(/^\/feed\/(\d+)$/.exec(request.url ?? '')?.[1] ?? -1);
  if (index < 0) return void response.writeHead(404).end();
  const kind = kindOf(index);
  const etag = `"feed-${index}"`;
  if (kind === 'not-modified' && request.headers['if-none-match'] === etag)
    return void response.writeHead(304, { etag }).end();
  const newest = 100 + (kind === 'new-items' ? edition : 0);
  const headers = { 'content-type': 'application/rss+xml', ...(kind === 'not-modified' ? { etag } : {}) };
  response.writeHead(200, headers).end(feedBody(index, newest));
}

async function seed(dataSource: DataSource, port: number): Promise<string[]> {
  // As TypeORM writes datetimes on SQLite.
  const now = new Date(Date.UTC(2026, 10, 22, 10)).toISOString().replace('T', ' ').replace('Z', '');
  const urls = Array.from(
    { length: FEEDS },
    (_, index) => `http://127.0.0.${(index % HOSTS) + 1}:${port}/feed/${index}`,
  );
  await dataSource.transaction(async (manager) => {
    for (let index = 0; index < FEEDS; index += 1) {
      const [userId, feedId] = [newId(), newId()];
      await manager.query(
        'INSERT INTO users (id, email, timezone, digest_hour, digest_weekday, role, created_at) VALUES (?, ?, ?, 7, 1, ?, ?)',
        [userId, `reader${index}@bench.example`, 'UTC', 'user', now],
      );
      await manager.query(
        'INSERT INTO feeds (id, url, url_hash, status, next_poll_at, error_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?)',
        [feedId, urls[index], sha256Hex(urls[index]), 'active', now, now, now],
      );
      await manager.query(
        'INSERT INTO subscriptions (id, user_id, feed_id, mode, full_text, created_at) VALUES (?, ?, ?, ?, 0, ?)',
        [newId(), userId, feedId, 'realtime', now],
      );
    }
  });
  return urls;
}

async function baseline(urls: string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const response = await request(urls[next++]);
      await response.body.text();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

async function main(): Promise<void> {
  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const port = (server.address() as AddressInfo).port;
  const directory = mkdtempSync(join(tmpdir(), 'tidings-bench-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(directory, 'bench.db')}`,
    LOG_LEVEL: 'silent',
    MAIL_OUTBOX_DIR: join(directory, 'outbox'),
    FETCH_ALLOW_PRIVATE: 'true',
    FETCH_CONCURRENCY: String(CONCURRENCY),
    FETCH_PER_HOST: '2',
    FETCH_HOST_GAP_MS: '0',
  });
  await prepareDatabase(config.DATABASE_URL, { migrate: true });
  const app = await createCliContext({ config, notices: [] });
  try {
    const urls = await seed(app.get(DataSource), port);
    const poll = app.get(PollService);
    // As the server does at start, so that the first email of a cycle does not pay for MJML.
    app.get(EmailTemplates).warm();
    // The first cycle parses every feed once and emails nothing (no flood on subscribe).
    const firstCycleMs = await timeMs(() => poll.pollDue({ all: true }));
    // Steady-state cycles and baseline runs alternate, so that machine noise falls on both alike.
    const oursMs: number[] = [];
    const baselineMs: number[] = [];
    let report: Awaited<ReturnType<PollService['pollDue']>> | undefined;
    for (let round = 0; round < ROUNDS; round += 1) {
      edition += 1;
      oursMs.push(await timeMs(async () => (report = await poll.pollDue({ all: true }))));
      baselineMs.push(await timeMs(() => baseline(urls)));
    }
    reportBench({
      name: 'fetch',
      ours: FEEDS / (median(oursMs) / 1000),
      baseline: FEEDS / (median(baselineMs) / 1000),
      unit: 'feeds/s',
      higherIsBetter: true,
      extra: {
        feeds: FEEDS,
        hosts: HOSTS,
        concurrency: CONCURRENCY,
        per_host: 2,
        host_gap_ms: 0,
        rounds: ROUNDS,
        mix: isAll304 ? 'all-304' : '304:90%,same-body:7%,new-item:3%',
        first_cycle_feeds_per_s: FEEDS / (firstCycleMs / 1000),
        ours_cycle_ms: oursMs.map(Math.round).join(','),
        baseline_ms: baselineMs.map(Math.round).join(','),
        outcomes: Object.entries(report!.outcomes)
          .map(([outcome, count]) => `${outcome}:${count}`)
          .join(','),
        new_entries: report!.newEntries,
        emails_enqueued: report!.emailsEnqueued,
        peak_memory_mib: peakMemoryMiB(),
      },
    });
  } finally {
    await app.close();
    server.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

void main();
