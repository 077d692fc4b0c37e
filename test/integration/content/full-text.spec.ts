import { DataSource } from 'typeorm';
import { AccountsService } from '../../../src/accounts/accounts.service';
import { DeliveryService } from '../../../src/delivery/delivery.service';
import { EntriesService } from '../../../src/entries/entries.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { FeedServer } from '../../support/feed-server';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the whole article, long enough to count as real prose, with commas, clauses, and detail that a reader came for.</p>`;
const articlePage = `<!doctype html><html><head><title>The whole story</title><script>track()</script></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>The whole story</h1>${[1, 2, 3, 4, 5, 6].map(paragraph).join('')}
<img src="/chart.png" alt="A chart" onerror="alert(1)"></article>
<footer>Share this on every network</footer></body></html>`;

describe.each(testDialects())('full text on %s', (dialect) => {
  let test: TestApp;
  let site: FeedServer;

  beforeAll(async () => {
    site = await new FeedServer().start();
    site.set('/story', { headers: { 'content-type': 'text/html; charset=utf-8' }, body: articlePage });
    test = await createTestApp(dialect);
  });

  afterAll(async () => {
    await test.close();
    await site.stop();
  });

  /** One feed whose one new entry links to `path`; each subscriber with or without full text. */
  async function publishTo(subscribers: Array<{ email: string; fullText: boolean }>, path: string) {
    const feeds = test.app.get(FeedsService);
    const feedUrl = site.url(`/feed.xml?for=${path}`);
    for (const { email, fullText } of subscribers) {
      const user = await test.app.get(AccountsService).addUser({ email });
      await feeds.subscribe(user.id, feedUrl, { fullText });
    }
    const feed = (await feeds.listFeeds()).find((candidate) => candidate.url === feedUrl)!;
    const { added: entries } = await test.app.get(EntriesService).ingest(
      feed.id,
      [
        {
          id: `urn:${path}`,
          link: site.url(path),
          title: 'The whole story',
          published: test.clock.now(),
          updated: null,
          author: null,
          summary: 'Only a teaser <script>alert(1)</script>',
          content: null,
          enclosures: [],
          categories: [],
        },
      ],
      test.clock.now(),
      { deliver: false },
    );
    await test.app.get(DeliveryService).deliverNewEntries(feed, entries);
    const rows: Array<{ to_address: string; html: string }> = await test.app
      .get(DataSource)
      .query('SELECT to_address, html FROM outbox_emails');
    return (email: string) => rows.find((row) => row.to_address === email)!.html;
  }

  it('extracts the linked article once for every subscriber who asked, rewritten for email', async () => {
    const htmlOf = await publishTo(
      [
        { email: 'ada@example.com', fullText: true },
        { email: 'bob@example.com', fullText: true },
        { email: 'cy@example.com', fullText: false },
      ],
      '/story',
    );
    for (const email of ['ada@example.com', 'bob@example.com']) {
      const html = htmlOf(email);
      expect(html).toContain('Paragraph 6 of the whole article');
      expect(html).toContain(`src="${site.url('/chart.png')}"`);
      expect(html).not.toMatch(/<script|onerror|track\(\)|Share this on every network/);
    }
    expect(htmlOf('cy@example.com')).toContain('Only a teaser');
    expect(htmlOf('cy@example.com')).not.toContain('Paragraph 1');
    expect(htmlOf('cy@example.com')).not.toMatch(/<script/);
    expect(site.requests.filter((request) => request.url === '/story')).toHaveLength(1);
  });

  it("falls back to the feed's own text when the page cannot be fetched", async () => {
    const htmlOf = await publishTo([{ email: 'dee@example.com', fullText: true }], '/missing');
    expect(htmlOf('dee@example.com')).toContain('Only a teaser');
    expect(htmlOf('dee@example.com')).not.toMatch(/<script/);
  });
});
