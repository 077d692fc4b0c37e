import { useTidingsWorld } from '../support/tidings-world';
import { rssFeed } from '../support/feed-server';
import { freePort, startServerProcess } from '../support/server-process';
import { rawMessage, smtpTransport } from '../integration/support/inbound-mail-helpers';

const post = (slug: string, title: string, date: string) => ({
  title,
  link: `https://blog.example/${slug}`,
  date,
  description: `About ${title}`,
});

describe('a reader pauses a feed by replying “pause” to its email', () => {
  const world = useTidingsWorld('sqlite', { SECRET_KEY: 'reply commands e2e secret key 0123456789' });
  const { tidings } = world;

  it('the running service pauses it, confirms, and the next poll emails nothing', async () => {
    world.feeds.set('/blog.xml', { body: rssFeed('Example Blog', []) });
    await tidings('users', 'add', 'reader@example.com');
    await tidings('subscribe', 'reader@example.com', world.feeds.url('/blog.xml'));
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T15:00:00Z');
    const first = post('a', 'Apples in autumn', 'Sat, 21 Nov 2026 15:10:00 GMT');
    world.feeds.set('/blog.xml', { body: rssFeed('Example Blog', [first]) });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T16:00:00Z');
    const [entryEmail] = await world.smtp.waitFor(1);

    const inboundPort = await freePort();
    const server = await startServerProcess({ ...world.env, INBOUND_SMTP_PORT: String(inboundPort) });
    try {
      const to = entryEmail.parsed.replyTo![0].address!;
      const reply = rawMessage({
        from: 'reader@example.com',
        to,
        subject: 'Re: Apples in autumn',
        messageId: '<pause-1@mua.example>',
        text: 'pause\n\n> Apples in autumn',
      });
      expect(
        await smtpTransport(() => inboundPort).deliver(reply, { from: 'reader@example.com', to: [to] }),
      ).toEqual({
        accepted: true,
      });
      const [, confirmation] = await world.smtp.waitFor(2);
      expect(confirmation.envelope.to).toEqual(['reader@example.com']);
      expect(confirmation.parsed.subject).toBe('Paused: Example Blog');
      expect(confirmation.parsed.text).toContain('To undo, reply “resume” to this email.');
    } finally {
      await server.stop();
    }

    const shown = JSON.parse(await tidings('users', 'show', 'reader@example.com', '--json')) as {
      subscriptions: Array<{ pausedAt: string | null }>;
    };
    expect(shown.subscriptions[0].pausedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(await tidings('users', 'show', 'reader@example.com')).toContain(
      `paused ${world.feeds.url('/blog.xml')}`,
    );

    world.feeds.set('/blog.xml', {
      body: rssFeed('Example Blog', [post('b', 'Bread at dawn', 'Sat, 21 Nov 2026 17:10:00 GMT'), first]),
    });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T18:00:00Z');
    expect(world.smtp.messages).toHaveLength(2);
  });
});
