import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTidings } from './cli';
import { FeedServer, rssFeed } from './feed-server';
import { TestRedisServer } from './redis-server';
import { startServerProcess, ServerProcess } from './server-process';
import { createTestDatabase, Dialect, queryDatabase, TestDatabase } from './test-database';

/** Three processes starting at once on a loaded 2-core machine may each take over a minute. */
const START_TIMEOUT_MS = 150_000;

/** Which worker sent a request: each worker's PUBLIC_URL (`http://worker-N.test`) is in its User-Agent. */
export function workerOf(request: { headers: IncomingMessage['headers'] }): string | null {
  return /(?:worker|web)-\d+/.exec(String(request.headers['user-agent']))?.[0] ?? null;
}

/**
 * Many feeds on one loopback feed server that answers each request after `delayMs` and counts the
 * requests by path, one reader subscribed to all of them in real time, and a database shared by the
 * worker processes a spec starts.
 */
export class ScaleFixture {
  readonly server = new FeedServer();
  database!: TestDatabase;
  readonly directory = mkdtempSync(join(tmpdir(), 'tidings-scale-'));
  readonly workers: ServerProcess[] = [];
  /** What CLI runs that succeeded printed on stderr (warnings). */
  private readonly cliWarnings: string[] = [];
  /** Each process's name (`web-1`, `worker-2`), in the order of `workers`. */
  private readonly names: string[] = [];
  /** Feeds answering with this edition's items (bump it to give every feed a new post). */
  edition = 1;
  /** Requests received and not answered yet, by worker. */
  readonly inFlight = new Map<string, number>();
  /** The most requests the server had in hand at once, all workers together. */
  peakInFlight = 0;

  constructor(
    private readonly feedCount: number,
    private readonly delayMs: number,
  ) {}

  async start(dialect: Dialect): Promise<this> {
    await this.server.start();
    this.database = await createTestDatabase(dialect, { migrated: true });
    for (const path of this.paths())
      this.server.set(path, {
        handler: (request, response) => {
          const worker = workerOf(request) ?? 'other';
          this.inFlight.set(worker, (this.inFlight.get(worker) ?? 0) + 1);
          const total = [...this.inFlight.values()].reduce((sum, count) => sum + count, 0);
          this.peakInFlight = Math.max(this.peakInFlight, total);
          const body = rssFeed(`Feed ${path}`, this.items(path));
          setTimeout(() => {
            this.inFlight.set(worker, this.inFlight.get(worker)! - 1);
            response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
          }, this.delayMs);
        },
      });
    await this.cli(['users', 'add', 'reader@example.com', '--credits', '1000']);
    const outlines = this.paths()
      .map((path) => `<outline type="rss" text="${path}" xmlUrl="${this.server.url(path)}"/>`)
      .join('');
    const opml = join(this.directory, 'feeds.opml');
    writeFileSync(opml, `<?xml version="1.0"?><opml version="2.0"><body>${outlines}</body></opml>`);
    await this.cli(['opml', 'import', 'reader@example.com', opml]);
    return this;
  }

  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      DATABASE_URL: this.database.url,
      MAIL_OUTBOX_DIR: join(this.directory, 'outbox'),
      SECRET_KEY: 'a-secret-key-for-the-scale-specs',
      FETCH_HOST_GAP_MS: '0',
      PARSE_WORKERS: '0',
      ...extra,
    };
  }

  async cli(args: string[], extra: Record<string, string> = {}): Promise<string> {
    const result = await runTidings(args, this.env(extra));
    if (result.code !== 0) throw new Error(`tidings ${args.join(' ')}: ${result.stderr}`);
    if (result.stderr) this.cliWarnings.push(`tidings ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  }

  /** Starts one process named `name` (its PUBLIC_URL is `http://NAME.test`). */
  async startProcess(
    name: string,
    extra: Record<string, string>,
    serveArgs?: string[],
  ): Promise<ServerProcess> {
    const started = await startServerProcess(
      this.env({ PUBLIC_URL: `http://${name}.test`, ...extra }),
      START_TIMEOUT_MS,
      undefined,
      serveArgs,
    );
    this.workers.push(started);
    this.names.push(name);
    return started;
  }

  /** Starts workers `worker-1` … `worker-N` at once. */
  async startWorkers(count: number, extra: Record<string, string>, serveArgs?: string[]): Promise<void> {
    const names = Array.from({ length: count }, (_, index) => `worker-${this.workers.length + index + 1}`);
    const started = await Promise.all(
      names.map((name) =>
        startServerProcess(
          this.env({ PUBLIC_URL: `http://${name}.test`, ...extra }),
          START_TIMEOUT_MS,
          undefined,
          serveArgs,
        ),
      ),
    );
    this.workers.push(...started);
    this.names.push(...names);
  }

  /** What every process started printed, each under its name: for a failure's message. */
  outputs(): string {
    return [
      ...this.cliWarnings.map((warning) => `--- cli\n${warning}`),
      ...this.workers.map((process, index) => `--- ${this.names[index]}\n${process.output()}`),
    ].join('\n');
  }

  /** Each feed's poll state, claim and ping URLs, and its coalescing in `redis`: for a failure's message. */
  async describeFeeds(paths: string[], redis: TestRedisServer): Promise<string> {
    const lines: string[] = [];
    for (const path of paths) {
      const [row] = await queryDatabase<{ id: string }>(
        this.database,
        'SELECT id, next_poll_at, last_polled_at, poll_claimed_by, poll_claimed_until, ' +
          '(SELECT COUNT(*) FROM ping_urls u WHERE u.feed_id = f.id) AS ping_urls FROM feeds f ' +
          `WHERE url = '${this.server.url(path)}'`,
      );
      const coalescing = await redis.command('hgetall', `tidings:ping:${row?.id}`).catch(() => ['(down)']);
      lines.push(`${path}: ${JSON.stringify(row)} coalescing: ${coalescing.join(' ')}`);
    }
    return lines.join('\n');
  }

  paths(): string[] {
    return Array.from({ length: this.feedCount }, (_, index) => `/feed-${index}.xml`);
  }

  /** How many GET requests each feed got. */
  requestsByPath(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const request of this.server.requests) counts.set(request.url, (counts.get(request.url) ?? 0) + 1);
    return counts;
  }

  /** Emails in the outbox, whatever their state, read straight from the database (cheaper than a CLI run). */
  async emailCount(): Promise<number> {
    const [row] = await queryDatabase<{ count: number | string }>(
      this.database,
      'SELECT COUNT(*) AS count FROM outbox_emails',
    );
    return Number(row.count);
  }

  /** How many feeds wait until later than `instant` for their next poll (read from the database). */
  async feedsWaitingBeyond(instant: number): Promise<number> {
    const rows = await queryDatabase<{ next_poll_at: string | Date }>(
      this.database,
      'SELECT next_poll_at FROM feeds',
    );
    const times = rows.map(({ next_poll_at: at }) =>
      at instanceof Date ? at.getTime() : Date.parse(`${at.replace(' ', 'T')}Z`),
    );
    return times.filter((time) => time > instant).length;
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
    await this.server.stop();
    await this.database?.drop();
    rmSync(this.directory, { recursive: true, force: true });
  }

  private items(path: string) {
    return Array.from({ length: this.edition }, (_, index) => ({
      title: `Post ${index + 1} of ${path}`,
      link: `https://feeds.example${path}/${index + 1}`,
    }));
  }
}
