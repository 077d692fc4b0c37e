import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { freePort, startServerProcess } from '../support/server-process';
import { SmtpCapture } from '../support/smtp-capture';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { rawMessage, smtpTransport } from '../integration/support/inbound-mail-helpers';

const post = (slug: string, title: string, date: string) => ({
  title,
  link: `https://blog.example/${slug}`,
  date,
  description: `About ${title}`,
});

describe('a reader pauses a feed by replying “pause” to its email', () => {
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
    env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'tidings@tidings.test',
      SECRET_KEY: 'reply commands e2e secret key 0123456789',
    };
  });

  afterAll(async () => {
    await feeds.stop();
    await smtp.stop();
    await database.drop();
  });

  it('the running service pauses it, confirms, and the next poll emails nothing', async () => {
    feeds.set('/blog.xml', { body: rssFeed('Example Blog', []) });
    await tidings('users', 'add', 'reader@example.com');
    await tidings('subscribe', 'reader@example.com', feeds.url('/blog.xml'));
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T15:00:00Z');
    const first = post('a', 'Apples in autumn', 'Sat, 21 Nov 2026 15:10:00 GMT');
    feeds.set('/blog.xml', { body: rssFeed('Example Blog', [first]) });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T16:00:00Z');
    const [entryEmail] = await smtp.waitFor(1);

    const inboundPort = await freePort();
    const server = await startServerProcess({ ...env, INBOUND_SMTP_PORT: String(inboundPort) });
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
      const [, confirmation] = await smtp.waitFor(2);
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
      `paused ${feeds.url('/blog.xml')}`,
    );

    feeds.set('/blog.xml', {
      body: rssFeed('Example Blog', [post('b', 'Bread at dawn', 'Sat, 21 Nov 2026 17:10:00 GMT'), first]),
    });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T18:00:00Z');
    expect(smtp.messages).toHaveLength(2);
  });
});
