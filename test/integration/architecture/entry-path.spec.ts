import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { PollService } from '../../../src/fetcher/poll.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { FeedServer, rssFeed } from '../../support/feed-server';
import { Crossing, traceCrossings } from '../../support/module-crossings';
import { SmtpCapture } from '../../support/smtp-capture';
import { createTestApp, TestApp } from '../../support/test-app';

/** The modules a feed entry passes through on its way to a reader's inbox, in that order. */
const PATH = ['fetcher', 'entries', 'delivery', 'content', 'mail', 'billing'];

const isOnPath = (module: string) => PATH.includes(module);
const described = (crossing: Crossing) => `${crossing.from} → ${crossing.to} (${crossing.call})`;

describe('the path of a feed entry, from poll to sent email', () => {
  let test: TestApp;
  let smtp: SmtpCapture;
  let server: FeedServer;
  let crossings: Crossing[];

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    server = await new FeedServer().start();
    test = await createTestApp('sqlite', {
      SMTP_URL: smtp.url,
      FETCH_HOST_GAP_MS: '0',
      PUBLIC_URL: 'https://tidings.test',
    });
    const get = test.app.get.bind(test.app);
    const feedUrl = server.url('/path.xml');
    const old = {
      title: 'Already there',
      link: 'https://blog.example/old',
      date: 'Sat, 21 Nov 2026 08:00:00 GMT',
    };
    server.set('/path.xml', { body: rssFeed('Path blog', [old]) });
    const paying = await get(AccountsService).addUser({ email: 'paying@example.com' });
    await get(BillingService).grantStarterCredits(paying.id, 10);
    const broke = await get(AccountsService).addUser({ email: 'broke@example.com' });
    for (const reader of [paying, broke])
      await get(FeedsService).subscribe(reader.id, feedUrl, { mode: 'realtime' });
    await get(PollService).pollDue({ all: true });

    const fresh = {
      title: 'A post on its way',
      link: 'https://blog.example/new',
      date: 'Sun, 22 Nov 2026 09:00:00 GMT',
    };
    server.set('/path.xml', { body: rssFeed('Path blog', [fresh, old]) });
    crossings = await traceCrossings(test.app, async () => {
      await get(PollService).pollDue({ all: true });
      await get(OutboxService).flush();
    });
  });

  afterAll(async () => {
    await test.close();
    await server.stop();
    await smtp.stop();
  });

  it('reaches the inbox: the entry for the reader who can pay, a low-balance notice for the other', async () => {
    const emails = await smtp.waitFor(2);
    expect(emails.map((email) => `${email.envelope.to.join()}: ${email.parsed.subject}`).sort()).toEqual([
      'broke@example.com: Your Tidings deliveries are paused',
      'paying@example.com: A post on its way',
    ]);
  });

  it('enters each module of its path once, in order', () => {
    const arrivals = [...new Set(crossings.map((crossing) => crossing.to).filter(isOnPath))];
    expect(arrivals).toEqual(PATH);
  });

  it('only ever calls forward along the path, and no module off the path calls back into it', () => {
    const backward = crossings.filter(
      ({ from, to }) => isOnPath(from) && isOnPath(to) && PATH.indexOf(from) > PATH.indexOf(to),
    );
    const fromTheSide = crossings.filter(
      ({ from, to }) => !isOnPath(from) && from !== 'outside' && isOnPath(to),
    );
    expect([...backward, ...fromTheSide].map(described)).toEqual([]);
  });
});
