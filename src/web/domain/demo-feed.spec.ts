import { parseFeed } from '../../entries/domain/parse-feed';
import { discoverFeeds } from '../../feeds/domain/discover-feeds';
import { DEMO_FEED_LENGTH, demoFeedXml, demoPageHtml, publishDemoPost, DemoPost } from './demo-feed';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 12) + seconds * 1000);

describe('the demo feed', () => {
  it('has a new post at each reading, even several in one second, and lists the newest five', () => {
    let posts: DemoPost[] = [];
    for (let reading = 0; reading < 7; reading += 1) posts = publishDemoPost(posts, at(0));
    expect(posts).toHaveLength(DEMO_FEED_LENGTH);
    const numbers = posts.map((post) => post.number);
    expect(new Set(numbers).size).toBe(DEMO_FEED_LENGTH);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it('tells apart two posts of one second by their titles, as their RSS dates stop at the second', async () => {
    const first = publishDemoPost([], at(0));
    const posts = publishDemoPost(first, new Date(at(0).getTime() + 300));
    const feed = await parseFeed(demoFeedXml(posts, 'http://localhost:3000'), {
      feedUrl: 'http://localhost:3000/demo/feed.xml',
    });
    expect(feed.entries.map((entry) => [entry.title, entry.published])).toEqual([
      ['Demo post of 12:00:00.300 UTC', at(0)],
      ['Demo post of 12:00:00.000 UTC', at(0)],
    ]);
  });

  it('never numbers a post as one published before the service restarted', () => {
    const before = publishDemoPost(publishDemoPost([], at(0)), at(0));
    const afterRestart = publishDemoPost([], at(1));
    expect(afterRestart[0].number).toBeGreaterThan(before[0].number);
  });

  it('is a feed Tidings reads, with one entry per post linking back to the service', async () => {
    const posts = publishDemoPost(publishDemoPost([], at(0)), at(60));
    const feed = await parseFeed(demoFeedXml(posts, 'http://localhost:3000'), {
      feedUrl: 'http://localhost:3000/demo/feed.xml',
    });
    expect(feed.title).toBe('Tidings demo');
    expect(feed.entries.map((entry) => [entry.id, entry.link, entry.published])).toEqual(
      posts.map((post) => [
        `tidings-demo-${post.number}`,
        `http://localhost:3000/demo?post=${post.number}`,
        post.publishedAt,
      ]),
    );
  });

  it('has a page that announces it, so that subscribing to the page finds the feed', () => {
    expect(discoverFeeds(demoPageHtml('https://tidings.example/'), 'https://tidings.example/demo')).toEqual([
      { url: 'https://tidings.example/demo/feed.xml', title: 'Tidings demo', type: 'application/rss+xml' },
    ]);
  });
});
