import { IncomingMessage, ServerResponse } from 'node:http';
import { DataSource } from 'typeorm';
import { AccountsService } from '../../../src/accounts/accounts.service';
import { NotFoundError } from '../../../src/common/errors';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { PollService } from '../../../src/fetcher/poll.service';
import { FeedServer } from '../../support/feed-server';
import { createTestApp, TestApp } from '../../support/test-app';
import { Dialect } from '../../support/test-database';

export const DAY = 86_400_000;

/** One app and one loopback feed server per spec file; each test subscribes fresh readers to fresh paths. */
export class PollHarness {
  testApp!: TestApp;
  server!: FeedServer;
  private subscriptions: Array<{ userId: string; url: string }> = [];
  private sequence = 0;

  async start(dialect: Dialect, env: Record<string, string> = {}): Promise<this> {
    this.testApp = await createTestApp(dialect, {
      FETCH_HOST_GAP_MS: '0',
      FETCH_IDLE_TIMEOUT_MS: '2000',
      PUBLIC_URL: 'https://tidings.test',
      ...env,
    });
    this.server = await new FeedServer().start();
    return this;
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await this.testApp.close();
  }

  /** Unsubscribes this test's readers (their feeds are no longer polled) and lifts host holds. */
  async reset(): Promise<void> {
    // A feed that moved (301) is unsubscribed by its new URL in its test.
    for (const { userId, url } of this.subscriptions.splice(0))
      await this.feeds.unsubscribe(userId, url).catch((error: unknown) => {
        if (!(error instanceof NotFoundError)) throw error;
      });
    await this.dataSource.query('DELETE FROM fetch_host_holds');
    this.server.requests.splice(0);
  }

  get clock() {
    return this.testApp.clock;
  }
  get feeds() {
    return this.testApp.app.get(FeedsService);
  }
  get dataSource() {
    return this.testApp.app.get(DataSource);
  }

  poll(all = true) {
    return this.testApp.app.get(PollService).pollDue({ all });
  }

  /** A new reader subscribed to a new path on the feed server; returns the feed URL and the reader's id. */
  async subscribe(path: string, readers = 1): Promise<{ url: string; userIds: string[] }> {
    const url = this.server.url(path);
    const userIds: string[] = [];
    for (let index = 0; index < readers; index += 1) {
      this.sequence += 1;
      const user = await this.testApp.app
        .get(AccountsService)
        .addUser({ email: `reader${this.sequence}@example.com`, timezone: 'UTC' });
      await this.feeds.subscribe(user.id, url, { mode: 'realtime' });
      this.subscriptions.push({ userId: user.id, url });
      userIds.push(user.id);
    }
    return { url, userIds };
  }

  async feed(url: string) {
    const feed = (await this.feeds.listFeeds()).find((candidate) => candidate.url === url);
    if (!feed) throw new Error(`no feed ${url}`);
    return feed;
  }

  /** What the reader was sent (the outbox rows), oldest first. */
  emails(userId: string): Promise<Array<{ kind: string; subject: string; text: string }>> {
    return this.dataSource.query(
      'SELECT kind, subject, text FROM outbox_emails WHERE user_id = ? ORDER BY created_at, id',
      [userId],
    );
  }

  requestsTo(path: string) {
    return this.server.requests.filter((request) => request.url === path);
  }
}

/** A route that answers conditional GETs like a careful server would. */
export function conditionalRoute(state: {
  body: string;
  etag?: string;
  lastModified?: string;
  extraHeaders?: Record<string, string>;
}) {
  return {
    handler: (request: IncomingMessage, response: ServerResponse) => {
      const validators: Record<string, string> = {};
      if (state.etag) validators.etag = state.etag;
      if (state.lastModified) validators['last-modified'] = state.lastModified;
      const matches =
        (state.etag && request.headers['if-none-match'] === state.etag) ||
        (!state.etag && state.lastModified && request.headers['if-modified-since'] === state.lastModified);
      if (matches) return void response.writeHead(304, validators).end();
      response
        .writeHead(200, { 'content-type': 'application/rss+xml', ...validators, ...state.extraHeaders })
        .end(state.body);
    },
  };
}

export function daysBefore(instant: Date, days: number): string {
  return new Date(instant.getTime() - days * DAY).toUTCString();
}
