import { request } from 'node:http';
import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { PollService } from '../../../src/fetcher/poll.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { FeedServer, rssFeed } from '../../support/feed-server';
import { SmtpCapture } from '../../support/smtp-capture';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';

const TOKEN = 'metrics-scrape-token-0123';

/** The value of one sample of a Prometheus text exposition (0 when absent). */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe.each(testDialects())('GET /metrics on %s', (dialect) => {
  let test: TestApp;
  let feedServer: FeedServer;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    feedServer = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
    test = await createTestApp(
      dialect,
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'news@tidings.test',
        FETCH_HOST_GAP_MS: '0',
        METRICS_TOKEN: TOKEN,
      },
      { http: true },
    );
  });

  afterAll(async () => {
    await test.close();
    await feedServer.stop();
    await smtp.stop();
  });

  /** A GET on a fresh connection (a kept-alive one may be closed by the server during a slow poll). */
  const get = (authorization?: string) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const headers = authorization ? { authorization } : undefined;
      request(`${test.baseUrl}/metrics`, { agent: false, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body }),
        );
      })
        .on('error', reject)
        .end();
    });

  const scrape = async () => {
    const response = await get(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.type).toMatch(/^text\/plain;.*version=0\.0\.4/);
    return response.body;
  };

  it('refuses a scrape without the token, or with another one', async () => {
    expect((await get()).status).toBe(401);
    expect((await get('Bearer guess')).status).toBe(401);
    expect((await get(TOKEN)).status).toBe(401);
  });

  it('moves after a real poll and a real send', async () => {
    const reader = await test.app.get(AccountsService).addUser({ email: 'watcher@example.com' });
    await test.app.get(BillingService).grantStarterCredits(reader.id, 10);
    const url = feedServer.url('/metrics.xml');
    const first = { title: 'First', link: 'https://blog.example/1', date: 'Sun, 22 Nov 2026 08:00:00 GMT' };
    feedServer.set('/metrics.xml', { body: rssFeed('Watched', [first]) });
    await test.app.get(FeedsService).subscribe(reader.id, url, { mode: 'realtime' });

    const before = await scrape();
    expect(before).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(before).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(sample(before, 'tidings_feeds', '{state="active"}')).toBe(1);
    expect(sample(before, 'tidings_credits_granted')).toBe(10);

    const polls = test.app.get(PollService);
    await polls.pollDue({ all: true });
    const second = { title: 'Second', link: 'https://blog.example/2', date: 'Sun, 22 Nov 2026 09:30:00 GMT' };
    feedServer.set('/metrics.xml', { body: rssFeed('Watched', [second, first]) });
    await polls.pollDue({ all: true });
    test.clock.advance(90_000);

    const polled = await scrape();
    expect(sample(polled, 'tidings_polls_total', '{outcome="200"}')).toBe(2);
    expect(sample(polled, 'tidings_fetch_duration_seconds_count')).toBe(2);
    expect(sample(polled, 'tidings_entries')).toBe(2);
    expect(sample(polled, 'tidings_emails', '{state="pending",kind="entry"}')).toBe(1);
    expect(sample(polled, 'tidings_outbox_oldest_pending_age_seconds')).toBe(90);

    expect(await test.app.get(OutboxService).flush()).toMatchObject({ sent: 1 });
    await smtp.waitFor(1);
    const sent = await scrape();
    expect(sample(sent, 'tidings_emails', '{state="sent",kind="entry"}')).toBe(1);
    expect(sample(sent, 'tidings_emails', '{state="pending",kind="entry"}')).toBe(0);
    expect(sample(sent, 'tidings_email_attempts_total', '{result="sent",kind="entry"}')).toBe(1);
    expect(sample(sent, 'tidings_outbox_oldest_pending_age_seconds')).toBe(0);
    expect(sample(sent, 'tidings_credits_spent')).toBe(1);
    expect(sample(sent, 'tidings_credits', '{kind="spend"}')).toBe(-1);
  });
});
