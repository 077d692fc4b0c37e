import { useTidingsWorld } from '../support/tidings-world';
import { expectInOrder } from '../support/expect-in-order';
import { rssFeed } from '../support/feed-server';
import { testDialects } from '../support/test-database';

const post = (slug: string, title: string, date: string) => ({
  title,
  link: `https://blog.example/${slug}`,
  date,
  description: `About ${title}`,
});

describe.each(testDialects())('delivery on %s: poll → real-time emails → one digest', (dialect) => {
  const world = useTidingsWorld(dialect);
  const { tidings } = world;

  it('emails real-time readers as entries appear and the digest reader once, at 07:00 in New York', async () => {
    const oldPost = post('old', 'Old post', 'Mon, 16 Nov 2026 08:00:00 GMT');
    world.feeds.set('/example.xml', { body: rssFeed('Example Blog', [oldPost]) });
    world.feeds.set('/zeta.xml', { body: rssFeed('Zeta News', []) });
    await tidings('users', 'add', 'now@example.com');
    await tidings('users', 'add', 'calm@example.com', '--timezone', 'America/New_York', '--digest-hour', '7');
    await tidings('subscribe', 'now@example.com', world.feeds.url('/example.xml'), '--exclude', 'sponsored');
    for (const path of ['/example.xml', '/zeta.xml'])
      await tidings('subscribe', 'calm@example.com', world.feeds.url(path), '--mode', 'daily');
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T15:00:00Z');
    expect(world.smtp.messages).toHaveLength(0);

    world.feeds.set('/example.xml', {
      body: rssFeed('Example Blog', [
        post('b', 'Bread at dawn', 'Sat, 21 Nov 2026 15:30:00 GMT'),
        post('s', 'A sponsored post', 'Sat, 21 Nov 2026 15:20:00 GMT'),
        post('a', 'Apples in autumn', 'Sat, 21 Nov 2026 15:10:00 GMT'),
        oldPost,
      ]),
    });
    world.feeds.set('/zeta.xml', {
      body: rssFeed('Zeta News', [post('z', 'Zebras crossing', 'Sat, 21 Nov 2026 15:40:00 GMT')]),
    });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T16:00:00Z');
    const realtime = await world.smtp.waitFor(2);
    expect(realtime.map((email) => email.envelope.to[0])).toEqual(['now@example.com', 'now@example.com']);
    expect(realtime.map((email) => email.parsed.subject).sort()).toEqual([
      'Apples in autumn',
      'Bread at dawn',
    ]);
    expect(realtime[0].parsed.from?.name).toBe('Example Blog');

    expect(await tidings('digests', 'send', '--at', '2026-11-22T11:59:00Z')).toMatch(/^0 digests composed/);
    expect(world.smtp.messages).toHaveLength(2);
    expect(await tidings('digests', 'send', '--at', '2026-11-22T12:00:00Z')).toMatch(
      /^1 digests composed .*1 emails sent/,
    );
    const [digest] = (await world.smtp.waitFor(3)).slice(2);
    expect(digest.envelope.to).toEqual(['calm@example.com']);
    expect(digest.parsed.subject).toBe('Your daily digest');
    for (const text of [digest.parsed.text ?? '', digest.parsed.html ?? '']) {
      expectInOrder(text, ['Example Blog', 'Zeta News']);
      expectInOrder(text, ['Bread at dawn', 'A sponsored post', 'Apples in autumn', 'Zebras crossing']);
      expect(text).not.toContain('Old post');
    }

    expect(await tidings('digests', 'send', '--at', '2026-11-22T12:05:00Z')).toMatch(/^0 digests composed/);
    expect(world.smtp.messages).toHaveLength(3);
  });
});
