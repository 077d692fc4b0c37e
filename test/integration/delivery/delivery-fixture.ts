import { DataSource } from 'typeorm';
import { AccountsService, User } from '../../../src/accounts/accounts.service';
import { DeliveryService } from '../../../src/delivery/delivery.service';
import { DigestService } from '../../../src/delivery/digest.service';
import { EntriesService, Entry } from '../../../src/entries/entries.service';
import { SubscriptionSettings } from '../../../src/feeds/domain/subscription-settings';
import { Feed, FeedsService } from '../../../src/feeds/feeds.service';
import { PollStateRepository } from '../../../src/fetcher/poll-state.repository';
import { TestApp } from '../../support/test-app';

export interface PostSpec {
  title: string;
  published?: string;
  summary?: string;
  /** Default: a link of its own, from the title. */
  link?: string;
}

export interface OutboxRow {
  dedup_key: string;
  kind: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
}

/** Builds users, subscriptions and entries through the real services, and reads what was enqueued. */
export class DeliveryFixture {
  private feedCount = 0;

  constructor(readonly test: Pick<TestApp, 'app' | 'clock'>) {}

  addUser(email: string, settings: Record<string, unknown> = {}): Promise<User> {
    return this.test.app.get(AccountsService).addUser({ email, ...settings });
  }

  /** A feed named `title` with these subscribers (each with its own settings). */
  async feed(
    title: string,
    subscribers: Array<[User, Partial<SubscriptionSettings>]>,
    siteUrl: string | null = null,
  ): Promise<Feed> {
    const feeds = this.test.app.get(FeedsService);
    const url = `https://feeds.example/${(this.feedCount += 1)}.xml`;
    let feedId = '';
    for (const [user, settings] of subscribers)
      feedId = (await feeds.subscribe(user.id, url, settings)).feedId;
    await this.test.app
      .get(PollStateRepository)
      .record(feedId, { title, siteUrl, lastPolledAt: this.test.clock.now() });
    return feeds.getFeed(feedId);
  }

  /** The feed publishes these posts now: they are stored, then delivered as a poll would. */
  async publish(feed: Feed, posts: PostSpec[]): Promise<{ entries: Entry[]; emails: number }> {
    const entries = await this.store(feed, posts);
    return { entries, emails: await this.test.app.get(DeliveryService).deliverNewEntries(feed, entries) };
  }

  /** Delivers stored entries as the poll that found them would. */
  deliver(feed: Feed, entries: Entry[]): Promise<number> {
    return this.test.app.get(DeliveryService).deliverNewEntries(feed, entries);
  }

  /** Stores posts as new entries of the feed, without delivering them. */
  async store(feed: Feed, posts: PostSpec[]): Promise<Entry[]> {
    const { added } = await this.test.app.get(EntriesService).ingest(
      feed.id,
      posts.map((post) => ({
        id: `${feed.id}:${post.title}`,
        link: post.link ?? `https://blog.example/${encodeURIComponent(post.title)}`,
        title: post.title,
        published: post.published ? new Date(post.published) : null,
        updated: null,
        author: null,
        summary: post.summary ?? null,
        content: null,
        enclosures: [],
        categories: [],
      })),
      this.test.clock.now(),
      // Stored as handled: these tests deliver explicitly, and no later poll cycle should do it again.
      { deliver: false },
    );
    return added;
  }

  sendDue(at: string) {
    return this.test.app.get(DigestService).sendDue(new Date(at));
  }

  outbox(kind?: string): Promise<OutboxRow[]> {
    return this.query(
      `SELECT dedup_key, kind, to_address, subject, text, html FROM outbox_emails ${kind ? 'WHERE kind = ?' : ''} ORDER BY id`,
      kind ? [kind] : [],
    );
  }

  /** The digests (not bursts) enqueued for a user, oldest issue first. */
  async digestsOf(user: User): Promise<OutboxRow[]> {
    const rows = await this.query<OutboxRow>(
      `SELECT dedup_key, kind, to_address, subject, text, html FROM outbox_emails WHERE dedup_key LIKE ?`,
      [`digest:${user.id}:%`],
    );
    return rows.sort((a, b) => a.dedup_key.localeCompare(b.dedup_key));
  }

  /** Sends what is due at `at` and returns the keys of every digest the user has had so far. */
  async digestKeysAfterSending(user: User, at: string): Promise<string[]> {
    await this.sendDue(at);
    return (await this.digestsOf(user)).map((row) => row.dedup_key.replace(`digest:${user.id}:`, ''));
  }

  query<T = never>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    return this.test.app.get(DataSource).query(sql, parameters);
  }
}
