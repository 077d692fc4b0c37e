import { OutboxService } from '../../src/mail/outbox.service';
import { runTidings } from '../support/cli';
import { MisbehavingSmtp } from '../support/misbehaving-smtp';
import { createTestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

describe('tidings outbox flush / status', () => {
  let database: TestDatabase;
  let smtp: MisbehavingSmtp;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    smtp = await new MisbehavingSmtp().start();
    smtp.plan = ({ recipient }) =>
      recipient.endsWith('@busy.example')
        ? { at: 'rcpt', code: 421, message: '4.7.0 Try again in 15 minutes, closing connection' }
        : undefined;
    env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      SMTP_POOL_SIZE: '1',
      MAIL_FROM: 'news@tidings.test',
    };
    const writer = await createTestApp('sqlite', env, { database });
    const outbox = writer.app.get(OutboxService);
    const addresses = ['a@busy.example', 'b@busy.example', 'c@busy.example', 'fine@calm.example'];
    for (const [n, to] of addresses.entries())
      await outbox.enqueue({
        dedupKey: `cli:${n}`,
        userId: null,
        kind: 'sign-in',
        to,
        subject: 'Hi',
        html: '<p>Hi</p>',
        text: 'Hi',
      });
    await writer.close();
  });

  afterAll(async () => {
    await smtp.stop();
    await database.drop();
  });

  it('tells an operator, from another process, which domain holds mail back and why', async () => {
    const flushed = await runTidings(['outbox', 'flush'], env);
    expect(flushed.code).toBe(0);
    // Two emails fit in the pool's send slots at once; whatever did not try the domain waits its turn.
    const [, retrying, waiting] =
      /^1 emails sent, (\d) to retry, 0 failed, 0 held, (\d) waiting their turn\n$/.exec(flushed.stdout)!;
    expect([Number(retrying) + Number(waiting), Number(retrying) <= 2]).toEqual([3, true]);
    expect(flushed.stderr).toMatch(/mail to busy\.example held until .*Try again in 15 minutes/);

    const status = await runTidings(['outbox', 'status', '--json'], env);
    expect(status.code).toBe(0);
    const report = JSON.parse(status.stdout);
    expect(report).toMatchObject({
      byStatus: { sent: 1, pending: 3 },
      pending: { due: 0, waiting: 3 },
      waitingDomains: [
        {
          domain: 'busy.example',
          emails: 3,
          reason: expect.stringMatching(/^busy\.example held until .*: 421 4\.7\.0 Try again in 15 minutes/),
        },
      ],
      complaints: { total: 0, lastDay: 0 },
    });
    const text = await runTidings(['outbox', 'status'], env);
    expect(text.stdout).toMatch(/^1 sent, 3 pending \(0 due now, 3 waiting\), 0 sending, 0 failed/);
    expect(text.stdout).toMatch(/\n {2}busy\.example: 3 from \S+ \(busy\.example held until /);
    expect(text.stdout).toMatch(/\ncomplaints: 0 \(0 in the last 24 hours\)\n$/);
  });
});
