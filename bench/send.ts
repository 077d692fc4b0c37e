import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer, { SendMailOptions } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { AccountsService } from '../src/accounts/accounts.service';
import { AppModule } from '../src/app.module';
import { BillingService } from '../src/billing/billing.service';
import { loadConfig } from '../src/config/load-config';
import { prepareDatabase } from '../src/db/prepare-database';
import { FeedsService } from '../src/feeds/feeds.service';
import { transportHeaders } from '../src/mail/mail-transport';
import { MailService } from '../src/mail/mail.service';
import { OutboxService } from '../src/mail/outbox.service';
import { peakMemoryMiB, reportBench, timeMs } from './support/report';

/**
 * 2,000 emails from the outbox (SQLite in a temporary directory) to a loopback SMTP server, against
 * nodemailer's pool sending the same messages directly: same server, same pool size, same run.
 */
const COUNT = 2000;
const POOL_SIZE = 5;

async function main(): Promise<void> {
  const server = await startCountingServer();
  const directory = mkdtempSync(join(tmpdir(), 'tidings-bench-send-'));
  const smtpUrl = `smtp://127.0.0.1:${server.port}`;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: `sqlite:${join(directory, 'bench.db')}`,
    SMTP_URL: smtpUrl,
    SMTP_POOL_SIZE: String(POOL_SIZE),
    MAIL_FROM: 'news@tidings.test',
  });
  await prepareDatabase(config.DATABASE_URL, { migrate: true });
  const app = await NestFactory.createApplicationContext(AppModule.register({ config, role: 'cli' }), {
    logger: false,
  });
  try {
    const outbox = app.get(OutboxService);
    const messages = await enqueue(
      app.get(MailService),
      outbox,
      app.get(AccountsService),
      app.get(FeedsService),
      app.get(BillingService),
    );

    server.received = 0;
    let sent = 0;
    let flushed: Awaited<ReturnType<OutboxService['flush']>> | undefined;
    const oursMs = await timeMs(async () => (sent = (flushed = await outbox.flush()).sent));
    if (sent !== COUNT || server.received !== COUNT)
      throw new Error(`ours sent ${sent}, server got ${server.received}: ${JSON.stringify(flushed)}`);

    server.received = 0;
    const baseline = nodemailer.createTransport({
      host: '127.0.0.1',
      port: server.port,
      pool: true,
      maxConnections: POOL_SIZE,
    });
    const baselineMs = await timeMs(() => Promise.all(messages.map((message) => baseline.sendMail(message))));
    baseline.close();
    if (server.received !== COUNT) throw new Error(`baseline: server got ${server.received}`);

    reportBench({
      name: 'send',
      ours: (COUNT / oursMs) * 1000,
      baseline: (COUNT / baselineMs) * 1000,
      unit: 'emails/s',
      higherIsBetter: true,
      extra: {
        emails: COUNT,
        pool_size: POOL_SIZE,
        ours_ms: oursMs,
        baseline_ms: baselineMs,
        peak_rss_mib: peakMemoryMiB(),
      },
    });
  } finally {
    await app.close();
    server.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Renders and enqueues the emails (not timed); returns the same messages for the baseline. */
async function enqueue(
  mail: MailService,
  outbox: OutboxService,
  accounts: AccountsService,
  feeds: FeedsService,
  billing: BillingService,
): Promise<SendMailOptions[]> {
  const user = await accounts.addUser({ email: 'reader@example.com' });
  // Every email costs a credit: without them the credit gate would hold all but the low-balance notice.
  await billing.grantStarterCredits(user.id, COUNT);
  const subscription = await feeds.subscribe(user.id, 'https://blog.example/feed.xml', {});
  const messages: SendMailOptions[] = [];
  for (let i = 0; i < COUNT; i += 1) {
    await mail.sendEntry({
      dedupKey: `bench:${i}`,
      to: { userId: user.id, email: `reader${i}@example.com` },
      subscriptionId: subscription.id,
      feed: {
        id: subscription.feedId,
        title: 'Example Blog',
        url: 'https://blog.example/feed.xml',
        siteUrl: null,
      },
      entry: {
        title: `Post number ${i}`,
        link: `https://blog.example/posts/${i}`,
        author: 'Ada',
        published: new Date('2026-11-22T08:00:00Z'),
        html: `<p>${'Some words of a typical post. '.repeat(60)}</p>`,
      },
    });
  }
  const rows = await outbox.findByDedupKeys(Array.from({ length: COUNT }, (_, i) => `bench:${i}`));
  for (const row of rows)
    messages.push({
      from: row.fromAddress,
      to: row.toAddress,
      replyTo: row.replyTo ?? undefined,
      envelope: { from: row.envelopeFrom ?? row.fromAddress, to: [row.toAddress] },
      subject: row.subject,
      html: row.html,
      text: row.text,
      messageId: row.messageId,
      date: row.createdAt,
      headers: transportHeaders(row.headers),
    });
  return messages;
}

/** Accepts and counts every message; the same for ours and the baseline. */
async function startCountingServer() {
  const state = { received: 0, port: 0, close: () => undefined as void };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        state.received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.server.address() as AddressInfo).port;
  state.close = () => server.close();
  return state;
}

main().catch((error: Error) => {
  console.error(`send: ${error.stack ?? error.message}`);
  process.exit(1);
});
