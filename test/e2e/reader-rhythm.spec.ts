import { useTidingsWorld } from '../support/tidings-world';
import { rssFeed } from '../support/feed-server';
import { CapturedEmail } from '../support/smtp-capture';
import { testDialects } from '../support/test-database';

/** Twelve posts of one feed, published in three polls on Sunday 22 November 2026 (UTC). */
const POLLS = [
  { at: '2026-11-22T09:00:00Z', posts: [1, 2] },
  { at: '2026-11-22T10:00:00Z', posts: [3, 4] },
  { at: '2026-11-22T14:00:00Z', posts: [5, 6, 7, 8, 9, 10, 11, 12] },
];

const post = (n: number, at: string) => ({
  title: `News ${n}`,
  link: `https://news.example/${n}`,
  date: new Date(Date.parse(at) - 60_000 * (20 - n)).toUTCString(), // the higher, the newer
  description: `What happened, part ${n}`,
});

/**
 * Four readers of one feed, through the real `tidings` processes and SMTP: a budget of 3 in Berlin, quiet
 * hours in Tokyo, a digest every 6 hours in New York, a monthly one on the 31st in Sydney.
 */
describe.each(testDialects())('the reader sets the rhythm, on %s', (dialect) => {
  const world = useTidingsWorld(dialect);
  const { tidings } = world;
  const to = (address: string) =>
    world.smtp.messages.filter((email) => email.envelope.to.includes(address)).map(summary);

  it('sends each reader exactly what their cadence, budget and quiet hours say, once', async () => {
    const news = world.feeds.url('/news.xml');
    world.feeds.set('/news.xml', { body: rssFeed('World News', []) });
    world.feeds.set('/calm.xml', { body: rssFeed('Calm Notes', []) });
    await tidings(
      'users',
      'add',
      'budget@example.com',
      '--timezone',
      'Europe/Berlin',
      '--max-emails-per-day',
      '3',
    );
    await tidings('users', 'add', 'night@example.com', '--timezone', 'Asia/Tokyo');
    expect(await tidings('users', 'update', 'night@example.com', '--quiet-hours', '22:00-07:00')).toBe(
      'updated night@example.com: Asia/Tokyo  digest 7:00, quiet 22:00-07:00\n',
    );
    await tidings('users', 'add', 'six@example.com', '--timezone', 'America/New_York');
    await tidings('users', 'add', 'month@example.com', '--timezone', 'Australia/Sydney');
    await tidings('subscribe', 'budget@example.com', news);
    await tidings('subscribe', 'budget@example.com', world.feeds.url('/calm.xml'), '--mode', 'daily');
    await tidings('subscribe', 'night@example.com', news);
    await tidings('subscribe', 'six@example.com', news, '--mode', 'every-6h');
    expect(
      await tidings('subscribe', 'month@example.com', news, '--mode', 'monthly', '--day-of-month', '31'),
    ).toContain('(monthly on day 31)');
    const shown = JSON.parse(await tidings('users', 'show', 'month@example.com', '--json'));
    expect(shown.subscriptions).toMatchObject([{ url: news, mode: 'monthly', dayOfMonth: 31 }]);

    await tidings('poll', '--once', '--all', '--at', '2026-11-22T08:00:00Z');
    const published: ReturnType<typeof post>[] = [];
    for (const { at, posts } of POLLS) {
      published.unshift(...posts.map((n) => post(n, at)).reverse());
      world.feeds.set('/news.xml', { body: rssFeed('World News', published) });
      const polled = await tidings('poll', '--once', '--all', '--at', at);
      expect(polled).toContain(`(0 failed), ${posts.length} new entries`);
    }
    // Berlin: three emails, the third saying the day's limit is reached. Tokyo: four before its night.
    await world.smtp.waitFor(7);
    const budget = to('budget@example.com').sort(bySubject);
    expect(budget.map((email) => email.subject)).toEqual(['News 1', 'News 2', 'News 3']);
    expect(budget[2].text).toContain(
      'This is email 3 of your 3 a day: the rest of today’s posts will come together in one catch-up email at 07:00. Reply “unlimited” to lift the limit.',
    );
    expect(budget[1].text).not.toContain('catch-up');
    expect(
      to('night@example.com')
        .sort(bySubject)
        .map((email) => email.subject),
    ).toEqual(['News 1', 'News 2', 'News 3', 'News 4']);

    // New York: 06:00 and 12:00 have posts; 18:00 and midnight had none and send nothing.
    await tidings('digests', 'send', '--at', '2026-11-22T11:00:00Z');
    await tidings('digests', 'send', '--at', '2026-11-22T17:00:00Z');
    // 07:00 in Berlin and Tokyo: the catch-up, and the end of the night's quiet hours.
    await tidings('digests', 'send', '--at', '2026-11-23T06:00:00Z');
    // 07:00 on 30 November in Sydney, November's last day.
    await tidings('digests', 'send', '--at', '2026-11-29T20:00:00Z');
    await world.smtp.waitFor(12);

    const [catchUp] = to('budget@example.com').slice(3);
    expect(catchUp.subject).toBe('Your catch-up: the posts past your daily limit');
    expect(titlesIn(catchUp)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const [night] = to('night@example.com').slice(4);
    expect(night.subject).toBe('Posts from your quiet hours');
    expect(titlesIn(night)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    const six = to('six@example.com');
    expect(six.map((email) => email.subject)).toEqual(['Your 6-hour digest', 'Your 6-hour digest']);
    expect(six.map(titlesIn)).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8, 9, 10, 11, 12],
    ]);
    const month = to('month@example.com');
    expect(month.map((email) => email.subject)).toEqual(['Your monthly digest']);
    expect(titlesIn(month[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(world.smtp.messages).toHaveLength(12);
  });
});

const bySubject = (a: { subject: string }, b: { subject: string }) => a.subject.localeCompare(b.subject);

function summary(email: CapturedEmail) {
  return { subject: email.parsed.subject ?? '', text: email.parsed.text ?? '' };
}

/** The numbers of the posts an email names, in order of number. */
function titlesIn(email: { text: string }): number[] {
  return [...new Set([...email.text.matchAll(/News (\d+)/g)].map((match) => Number(match[1])))].sort(
    (a, b) => a - b,
  );
}
