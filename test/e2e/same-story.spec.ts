import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { SmtpCapture } from '../support/smtp-capture';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const original = {
  title: 'Apples in autumn',
  link: 'https://blog.example/2026/11/apples',
  guid: 'https://blog.example/?p=101',
  date: 'Sat, 21 Nov 2026 15:10:00 GMT',
  description: '<p>Crisp and sweet: the orchard at its best.</p>',
};
/** An aggregator's item for the blog's post: its own id, words and date, and a link dressed for tracking. */
const relinked = {
  title: 'Apples in autumn (via Example Blog)',
  link: `${original.link}/?utm_source=roundup&utm_medium=rss&utm_campaign=weekly&fbclid=IwAR0abc`,
  guid: 'roundup-7731',
  date: 'Sat, 21 Nov 2026 16:40:00 GMT',
  description: '<p>Worth reading this week.</p>',
};
const ownItem = {
  title: 'Roundup editorial',
  link: 'https://roundup.example/2026/11/editorial',
  date: 'Sat, 21 Nov 2026 16:45:00 GMT',
  description: '<p>Our own words.</p>',
};

describe('the same story from two feeds reaches a reader once', () => {
  let feeds: FeedServer;
  let smtp: SmtpCapture;
  let database: TestDatabase;
  let env: Record<string, string>;
  const tidings = async (...args: string[]) => {
    const result = await runTidings(args, env);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    return result.stdout;
  };

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
    database = await createTestDatabase('sqlite');
    env = { DATABASE_URL: database.url, SMTP_URL: smtp.url, MAIL_FROM: 'tidings@tidings.test' };
    await tidings('migrate');
  });

  afterAll(async () => {
    await feeds.stop();
    await smtp.stop();
    await database.drop();
  });

  it('real time drops the aggregator’s copy; the digest lists it once, "also in" the aggregator', async () => {
    feeds.set('/blog.xml', { body: rssFeed('Example Blog', []) });
    feeds.set('/roundup.xml', { body: rssFeed('Link Roundup', []) });
    await tidings('users', 'add', 'now@example.com');
    await tidings('users', 'add', 'calm@example.com', '--digest-hour', '7');
    for (const path of ['/blog.xml', '/roundup.xml']) {
      await tidings('subscribe', 'now@example.com', feeds.url(path));
      await tidings('subscribe', 'calm@example.com', feeds.url(path), '--mode', 'daily');
    }
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T15:00:00Z');

    feeds.set('/blog.xml', { body: rssFeed('Example Blog', [original]) });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T16:00:00Z');
    feeds.set('/roundup.xml', { body: rssFeed('Link Roundup', [ownItem, relinked]) });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T17:00:00Z');

    const realtime = await smtp.waitFor(2);
    expect(realtime.map((email) => [email.envelope.to[0], email.parsed.subject])).toEqual([
      ['now@example.com', 'Apples in autumn'],
      ['now@example.com', 'Roundup editorial'],
    ]);

    expect(await tidings('digests', 'send', '--at', '2026-11-22T07:00:00Z')).toMatch(/^1 digests composed/);
    const [digest] = (await smtp.waitFor(3)).slice(2);
    expect(digest.envelope.to).toEqual(['calm@example.com']);
    for (const part of [digest.parsed.text!, digest.parsed.html!]) {
      expect(part.match(/Apples in autumn/g)).toHaveLength(1);
      expect(part).toContain('Also in Link Roundup');
      expect(part).toContain('Roundup editorial');
    }
    expect(digest.parsed.text).toContain('2 new posts from 2 feeds');
  });
});
