/**
 * `npm run bench -- scale`: poll throughput of 1, 2 and 3 worker processes (`tidings serve --role worker`)
 * sharing one database (MariaDB at 127.0.0.1:3306 when it answers, else SQLite) and Redis (REDIS_URL,
 * default redis://127.0.0.1:6379, for the shared per-host limits), on a loopback feed server that answers
 * every request after 50 ms. 600 feeds on 60 loopback addresses, FETCH_PER_HOST=2; each round makes
 * every feed due at once and times until all are polled. The baseline is one worker; the peak of
 * requests at once on one host shows that politeness held.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo, createServer as createTcpServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { createCliContext } from '../src/bootstrap';
import { newId, sha256Hex } from '../src/common/ids';
import { loadConfig } from '../src/config/load-config';
import { prepareDatabase } from '../src/db/prepare-database';
import { machineCpuSeconds, pidOf, processCpuSeconds } from './support/cpu-usage';
import { reportBench } from './support/report';

const FEEDS = 600;
const HOSTS = 60;
const PER_HOST = 2;
const CONCURRENCY = 8;
const ANSWER_AFTER_MS = 50;
const root = join(__dirname, '..', '..');

const inFlight = new Map<string, number>();
let peakPerHost = 0;
/** When the feed server saw the first request of the round under way. */
let firstRequestAt: number | null = null;

function serve(request: IncomingMessage, response: ServerResponse): void {
  firstRequestAt ??= Date.now();
  const host = request.headers.host ?? '';
  inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
  peakPerHost = Math.max(peakPerHost, inFlight.get(host)!);
  setTimeout(() => {
    inFlight.set(host, inFlight.get(host)! - 1);
    const etag = `"${request.url}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    const item = `<item><title>Post of ${request.url}</title><link>https://bench.example${request.url}</link></item>`;
    response
      .writeHead(200, { etag, 'content-type': 'application/rss+xml' })
      .end(
        `<?xml version="1.0"?><rss version="2.0"><channel><title>${request.url}</title>${item}</channel></rss>`,
      );
  }, ANSWER_AFTER_MS);
}

/** MariaDB when it answers (a fresh database), else a SQLite file. */
async function databaseUrl(): Promise<string> {
  const server = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
  try {
    const admin = await mysql.createConnection({ uri: server, connectTimeout: 2000 });
    const name = `tidings_bench_scale_${process.pid}`;
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    return url.toString();
  } catch {
    return `sqlite:${join(mkdtempSync(join(tmpdir(), 'tidings-bench-')), 'bench.db')}`;
  }
}

function sqlTime(instant: Date): string {
  return instant.toISOString().replace('T', ' ').replace('Z', '');
}

async function seed(dataSource: DataSource, port: number): Promise<void> {
  const now = sqlTime(new Date());
  for (let index = 0; index < FEEDS; index += 1) {
    const url = `http://127.0.0.${(index % HOSTS) + 1}:${port}/feed/${index}`;
    const [userId, feedId] = [newId(), newId()];
    await dataSource.query(
      'INSERT INTO users (id, email, timezone, digest_hour, digest_weekday, role, created_at) VALUES (?, ?, ?, 7, 1, ?, ?)',
      [userId, `reader${index}@bench.example`, 'UTC', 'user', now],
    );
    await dataSource.query(
      'INSERT INTO feeds (id, url, url_hash, status, next_poll_at, error_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?)',
      [feedId, url, sha256Hex(url), 'active', '2100-01-01 00:00:00.000', now, now],
    );
    await dataSource.query(
      'INSERT INTO subscriptions (id, user_id, feed_id, mode, full_text, created_at) VALUES (?, ?, ?, ?, 0, ?)',
      [newId(), userId, feedId, 'realtime', now],
    );
  }
}

async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort();
  // BENCH_WORKER_NODE_FLAGS (say `--cpu-prof --cpu-prof-dir=DIR`) profiles the workers.
  const flags = (process.env.BENCH_WORKER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...flags, join(root, 'bin', 'tidings.js'), 'serve', '--role', 'worker'],
    { env: { PATH: process.env.PATH, ...env, PORT: String(port) }, stdio: 'ignore' },
  );
  while (!(await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))) {
    if (child.exitCode !== null) throw new Error(`a worker exited with ${child.exitCode} before answering`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

/** Where a round's time and CPU went: to tell the workers' limits from the machine's. */
interface RoundFigures {
  feedsPerSecond: number;
  /** Seconds from making the feeds due to the first request (the workers' next cycle). */
  firstRequestSeconds: number;
  /** CPU cores the workers used together, on average over the round. */
  workerCores: number;
  workerCpuMsPerFeed: number;
  databaseCpuMsPerFeed: number;
  /** CPU this process (the feed server and the clock of the round) used per feed. */
  benchCpuMsPerFeed: number;
  /** Share of the whole machine's CPU busy during the round, whoever used it. */
  machineBusy: number;
}

/** Makes every feed due now, then waits until all were polled: feeds per second, and where CPU went. */
async function round(
  dataSource: DataSource,
  workers: number,
  env: Record<string, string>,
): Promise<RoundFigures> {
  const children = await Promise.all(Array.from({ length: workers }, () => startWorker(env)));
  const database = pidOf('mariadbd', 'mysqld');
  const cpuOf = () => ({
    workers: children.reduce((sum, child) => sum + processCpuSeconds(child.pid), 0),
    database: processCpuSeconds(database),
    bench: process.cpuUsage(),
    machine: machineCpuSeconds(),
  });
  const before = cpuOf();
  firstRequestAt = null;
  const start = new Date();
  await dataSource.query('UPDATE feeds SET next_poll_at = ?', [sqlTime(start)]);
  for (;;) {
    const [row] = await dataSource.query('SELECT COUNT(*) AS n FROM feeds WHERE last_polled_at >= ?', [
      sqlTime(start),
    ]);
    if (Number(row.n) === FEEDS) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (Date.now() - start.getTime()) / 1000;
  const after = cpuOf();
  await Promise.all(
    children.map((child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')))),
  );
  const benchCpu = process.cpuUsage(before.bench);
  const perFeedMs = (cpuSeconds: number) => round3((cpuSeconds * 1000) / FEEDS);
  return {
    feedsPerSecond: FEEDS / seconds,
    firstRequestSeconds: round3(((firstRequestAt ?? Date.now()) - start.getTime()) / 1000),
    workerCores: round3((after.workers - before.workers) / seconds),
    workerCpuMsPerFeed: perFeedMs(after.workers - before.workers),
    databaseCpuMsPerFeed: perFeedMs(after.database - before.database),
    benchCpuMsPerFeed: perFeedMs((benchCpu.user + benchCpu.system) / 1e6),
    machineBusy: round3(
      (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total || 1),
    ),
  };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

async function main(): Promise<void> {
  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const port = (server.address() as AddressInfo).port;
  const env = {
    DATABASE_URL: await databaseUrl(),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    LOG_LEVEL: 'silent',
    MAIL_OUTBOX_DIR: join(mkdtempSync(join(tmpdir(), 'tidings-bench-')), 'outbox'),
    FETCH_ALLOW_PRIVATE: 'true',
    FETCH_CONCURRENCY: String(CONCURRENCY),
    FETCH_PER_HOST: String(PER_HOST),
    FETCH_HOST_GAP_MS: '0',
    POLL_INTERVAL_SECONDS: '1',
    PARSE_WORKERS: '0',
    SECRET_KEY: 'a-secret-key-for-the-scale-bench',
  };
  await prepareDatabase(env.DATABASE_URL, { migrate: true });
  const app = await createCliContext({ config: loadConfig(env), notices: [] });
  const dataSource = app.get(DataSource);
  await seed(dataSource, port);
  // The first poll of each feed parses it (later rounds mostly get 304): not measured.
  await round(dataSource, 3, env);
  const figures: Record<string, number> = {};
  const rates = { 1: 0, 2: 0, 3: 0 };
  for (const workers of [1, 2, 3] as const) {
    const measured = await round(dataSource, workers, env);
    rates[workers] = measured.feedsPerSecond;
    for (const [key, value] of Object.entries(measured))
      if (key !== 'feedsPerSecond') figures[`workers_${workers}_${snakeCase(key)}`] = value;
  }
  await app.close();
  server.close();
  reportBench({
    name: 'scale',
    ours: rates[3],
    baseline: rates[1],
    unit: 'feeds/s',
    higherIsBetter: true,
    extra: {
      database: env.DATABASE_URL.split(':')[0],
      feeds: FEEDS,
      hosts: HOSTS,
      concurrency_per_worker: CONCURRENCY,
      answer_after_ms: ANSWER_AFTER_MS,
      workers_1: rates[1],
      workers_2: rates[2],
      workers_3: rates[3],
      per_host_limit: PER_HOST,
      peak_per_host: peakPerHost,
      cpu_cores: cpus().length,
      ...figures,
    },
  });
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
