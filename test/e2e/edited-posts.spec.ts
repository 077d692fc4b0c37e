import { useTidingsWorld } from '../support/tidings-world';
import { rssFeed } from '../support/feed-server';
import { testDialects } from '../support/test-database';

const original = {
  title: 'Apples in autumn',
  link: 'https://blog.example/apples',
  guid: 'post-101',
  date: 'Sat, 21 Nov 2026 15:10:00 GMT',
  description: '<p>Crisp and sweet. The orchard opens at nine.</p><p>Bring a basket.</p>',
};
/** The same post re-published: a new title, one sentence changed, a newer date. */
const edited = {
  ...original,
  title: 'Apples in late autumn',
  date: 'Sat, 21 Nov 2026 18:00:00 GMT',
  description: '<p>Crisp and sweet. The orchard opens at ten.</p><p>Bring a basket.</p>',
};
/** Re-published again the next day with only a tracking parameter and white space added. */
const retracked = {
  ...edited,
  link: `${edited.link}?utm_source=rss&utm_medium=feed`,
  description: '<p>Crisp and  sweet.\n The orchard opens at ten.</p>  <p>Bring a basket.</p>',
};

/** Through the real processes and SMTP; `test/integration/delivery/post-fates.spec.ts` has the finer cases. */
describe.each(testDialects())('a post edited after it was sent, on %s', (dialect) => {
  const world = useTidingsWorld(dialect);
  const { tidings } = world;
  const publish = (item: typeof original) =>
    world.feeds.set('/blog.xml', { body: rssFeed('Example Blog', [item]) });
  const sent = () =>
    world.smtp.messages.map((email) => `${email.envelope.to[0]}: ${email.parsed.subject}`).sort();

  it('tells the readers who asked once, in short, and the digest not yet sent shows the new version', async () => {
    world.feeds.set('/blog.xml', { body: rssFeed('Example Blog', []) });
    for (const reader of ['teller', 'quiet', 'calm']) await tidings('users', 'add', `${reader}@example.com`);
    const url = world.feeds.url('/blog.xml');
    await tidings('subscribe', 'teller@example.com', url, '--on-update', 'tell');
    await tidings('subscribe', 'quiet@example.com', url);
    await tidings('subscribe', 'calm@example.com', url, '--mode', 'daily', '--on-update', 'tell');
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T15:00:00Z');
    publish(original);
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T16:00:00Z');
    await world.smtp.waitFor(2);

    publish(edited);
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T19:00:00Z');
    const [update] = (await world.smtp.waitFor(3)).slice(2);
    expect([update.envelope.to[0], update.parsed.subject]).toEqual([
      'teller@example.com',
      'Updated: Apples in late autumn',
    ]);
    const text = update.parsed.text!;
    expect(text).toContain('The title was “Apples in autumn”.');
    expect(text).toContain('It now says:\n- The orchard opens at ten.');
    expect(text).toContain('It no longer says:\n- The orchard opens at nine.');
    expect(text).not.toContain('Bring a basket');
    expect(update.header('list-unsubscribe')).toMatch(/\/unsubscribe\//);

    await tidings('digests', 'send', '--at', '2026-11-22T07:00:00Z');
    const [digest] = (await world.smtp.waitFor(4)).slice(3);
    expect(digest.envelope.to).toEqual(['calm@example.com']);
    expect(digest.parsed.text).toContain('Apples in late autumn');
    expect(digest.parsed.text).not.toContain('Apples in autumn');

    publish(retracked);
    await tidings('poll', '--once', '--all', '--at', '2026-11-22T12:00:00Z');
    expect(sent()).toEqual([
      'calm@example.com: Your daily digest',
      'quiet@example.com: Apples in autumn',
      'teller@example.com: Apples in autumn',
      'teller@example.com: Updated: Apples in late autumn',
    ]);
  });
});
