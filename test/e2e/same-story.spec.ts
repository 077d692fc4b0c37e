import { useTidingsWorld } from '../support/tidings-world';
import { rssFeed } from '../support/feed-server';
import { queryDatabase } from '../support/test-database';

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

const ROUNDUP_SITE = 'https://roundup.example/';

describe('the same story from two feeds reaches a reader once', () => {
  const world = useTidingsWorld('sqlite');
  const { tidings } = world;

  it('real time drops the aggregator’s copy; the digest lists it once, "also in" the aggregator', async () => {
    world.feeds.set('/blog.xml', { body: rssFeed('Example Blog', []) });
    world.feeds.set('/roundup.xml', { body: rssFeed('Link Roundup', [], ROUNDUP_SITE) });
    await tidings('users', 'add', 'now@example.com');
    await tidings('users', 'add', 'calm@example.com', '--digest-hour', '7');
    for (const path of ['/blog.xml', '/roundup.xml']) {
      await tidings('subscribe', 'now@example.com', world.feeds.url(path));
      await tidings('subscribe', 'calm@example.com', world.feeds.url(path), '--mode', 'daily');
    }
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T15:00:00Z');

    world.feeds.set('/blog.xml', { body: rssFeed('Example Blog', [original]) });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T16:00:00Z');
    world.feeds.set('/roundup.xml', { body: rssFeed('Link Roundup', [ownItem, relinked], ROUNDUP_SITE) });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T17:00:00Z');

    const realtime = await world.smtp.waitFor(2);
    expect(realtime.map((email) => [email.envelope.to[0], email.parsed.subject])).toEqual([
      ['now@example.com', 'Apples in autumn'],
      ['now@example.com', 'Roundup editorial'],
    ]);

    expect(await tidings('digests', 'send', '--at', '2026-11-22T07:00:00Z')).toMatch(/^1 digests composed/);
    const [digest] = (await world.smtp.waitFor(3)).slice(2);
    expect(digest.envelope.to).toEqual(['calm@example.com']);
    for (const part of [digest.parsed.text!, digest.parsed.html!]) {
      expect(part.match(/Apples in autumn/g)).toHaveLength(1);
      expect(part).toContain('Also in Link Roundup');
      expect(part).toContain('Roundup editorial');
    }
    expect(digest.parsed.text).toContain('2 new posts from 2 feeds');
  });
  /** Instants around the real clock, which the outbox's flush reads (`--at` moves only the poll). */
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const outboxRowsTo = async (address: string) =>
    queryDatabase<{ subject: string; status: string }>(
      world.database,
      `SELECT subject, status FROM outbox_emails WHERE to_address = '${address}' ORDER BY created_at`,
    );

  it('tells the origin’s post, not the aggregator’s that came first: exactly once, in real time and in a digest', async () => {
    const post = {
      title: 'Pears at first frost',
      link: 'https://blog.example/2026/11/pears',
      guid: 'https://blog.example/?p=202',
      description: '<p>The blog’s own words: pears ripen best after the first frost.</p>',
    };
    const aggregated = {
      title: 'Worth a read: pears',
      link: `${post.link}?utm_source=roundup&utm_medium=rss`,
      guid: 'roundup-8842',
      description: '<p>The aggregator’s blurb about pears.</p>',
    };
    world.feeds.set('/origin-blog.xml', { body: rssFeed('Example Blog', []) });
    world.feeds.set('/origin-roundup.xml', { body: rssFeed('Link Roundup', [], ROUNDUP_SITE) });
    for (const email of ['origin-now@example.com', 'roundup-only@example.com'])
      await tidings('users', 'add', email);
    await tidings('users', 'add', 'origin-calm@example.com', '--digest-hour', '7', '--timezone', 'UTC');
    for (const path of ['/origin-blog.xml', '/origin-roundup.xml']) {
      await tidings('subscribe', 'origin-now@example.com', world.feeds.url(path));
      await tidings('subscribe', 'origin-calm@example.com', world.feeds.url(path), '--mode', 'daily');
    }
    await tidings('subscribe', 'roundup-only@example.com', world.feeds.url('/origin-roundup.xml'));
    const sentBefore = world.smtp.messages.length;
    await tidings('poll', '--once', '--all', '--at', minutesFromNow(-3));

    // The aggregator publishes the blog's post first.
    const date = new Date(Date.now() - 2 * 60_000).toUTCString();
    world.feeds.set('/origin-roundup.xml', {
      body: rssFeed('Link Roundup', [{ ...aggregated, date }], ROUNDUP_SITE),
    });
    await tidings('poll', '--once', '--all', '--at', minutesFromNow(-2));
    // A reader of the aggregator alone gets its copy at once; the origin's reader's copy is on hold.
    const [roundupOnly] = await world.smtp.waitFor(sentBefore + 1);
    expect(
      world.smtp.messages.slice(sentBefore).map((email) => [email.envelope.to[0], email.parsed.subject]),
    ).toEqual([['roundup-only@example.com', 'Worth a read: pears']]);
    expect(roundupOnly).toBeDefined();
    expect(await outboxRowsTo('origin-now@example.com')).toEqual([
      { subject: 'Worth a read: pears', status: 'pending' },
    ]);
    expect(await tidings('outbox', 'status')).toMatch(/held until .*: the reader also follows the site/);

    // The blog's feed, polled next, brings its own post: it is sent and the held copy taken back.
    world.feeds.set('/origin-blog.xml', { body: rssFeed('Example Blog', [{ ...post, date }]) });
    await tidings('poll', '--once', '--all', '--at', minutesFromNow(-1));
    const received = (await world.smtp.waitFor(sentBefore + 2)).slice(sentBefore + 1);
    expect(received.map((email) => [email.envelope.to[0], email.parsed.subject])).toEqual([
      ['origin-now@example.com', 'Pears at first frost'],
    ]);
    expect(received[0].parsed.text).toContain('pears ripen best after the first frost');
    expect(received[0].parsed.text).not.toContain('blurb');
    expect(await outboxRowsTo('origin-now@example.com')).toEqual([
      { subject: 'Pears at first frost', status: 'sent' },
    ]);
    expect(await tidings('outbox', 'flush')).toMatch(/^0 emails sent/);
    // The reader's memory of the story now names the blog's post: the held one, planned again, is a repeat.
    const holders = await queryDatabase<{ title: string }>(
      world.database,
      'SELECT DISTINCT e.title FROM reader_stories r JOIN entries e ON e.id = r.entry_id ' +
        "JOIN users u ON u.id = r.user_id WHERE u.email = 'origin-now@example.com'",
    );
    expect(holders).toEqual([{ title: 'Pears at first frost' }]);

    const digestAt = new Date(Date.now() + 86_400_000);
    digestAt.setUTCHours(7, 0, 0, 0);
    expect(await tidings('digests', 'send', '--at', digestAt.toISOString())).toMatch(/^1 digests composed/);
    const [digest] = (await world.smtp.waitFor(sentBefore + 3)).slice(sentBefore + 2);
    expect(digest.envelope.to).toEqual(['origin-calm@example.com']);
    for (const part of [digest.parsed.text!, digest.parsed.html!]) {
      expect(part.match(/Pears at first frost/g)).toHaveLength(1);
      expect(part).toContain('pears ripen best after the first frost');
      expect(part).not.toMatch(/Worth a read|blurb/);
      expect(part).toContain('Also in Link Roundup');
    }
    // Each reader's delivery record says the same: the origin's post told, the aggregator's a repeat of it.
    const fates = await queryDatabase<{ email: string; title: string; fate: string }>(
      world.database,
      'SELECT u.email, e.title, f.fate FROM post_fates f JOIN users u ON u.id = f.user_id ' +
        "JOIN entries e ON e.id = f.entry_id WHERE u.email LIKE 'origin-%' ORDER BY u.email, e.title",
    );
    expect(fates).toEqual([
      { email: 'origin-calm@example.com', title: 'Pears at first frost', fate: 'digest' },
      { email: 'origin-calm@example.com', title: 'Worth a read: pears', fate: 'repeat' },
      { email: 'origin-now@example.com', title: 'Pears at first frost', fate: 'emailed' },
      { email: 'origin-now@example.com', title: 'Worth a read: pears', fate: 'repeat' },
    ]);
  });

  it('sends the aggregator’s held copy when the origin brings nothing within the hold', async () => {
    const aggregated = {
      title: 'Worth a read: quinces',
      link: 'https://blog.example/2026/11/quinces',
      guid: 'roundup-9001',
      description: '<p>Quinces, says the roundup.</p>',
    };
    world.feeds.set('/late-blog.xml', { body: rssFeed('Example Blog', []) });
    world.feeds.set('/late-roundup.xml', { body: rssFeed('Link Roundup', [], ROUNDUP_SITE) });
    await tidings('users', 'add', 'patient@example.com');
    for (const path of ['/late-blog.xml', '/late-roundup.xml'])
      await tidings('subscribe', 'patient@example.com', world.feeds.url(path));
    await tidings('poll', '--once', '--all', '--at', minutesFromNow(-60));
    const sentBefore = world.smtp.messages.length;
    world.feeds.set('/late-roundup.xml', {
      body: rssFeed(
        'Link Roundup',
        [{ ...aggregated, date: new Date(Date.now() - 3_000_000).toUTCString() }],
        ROUNDUP_SITE,
      ),
    });
    // Seen 50 minutes ago: its hold of 20 minutes is over, so the flush sends it.
    await tidings('poll', '--once', '--all', '--at', minutesFromNow(-50));
    await tidings('outbox', 'flush');
    const received = (await world.smtp.waitFor(sentBefore + 1)).slice(sentBefore);
    expect(received.map((email) => [email.envelope.to[0], email.parsed.subject])).toEqual([
      ['patient@example.com', 'Worth a read: quinces'],
    ]);
    expect(await outboxRowsTo('patient@example.com')).toEqual([
      { subject: 'Worth a read: quinces', status: 'sent' },
    ]);
  });
});
