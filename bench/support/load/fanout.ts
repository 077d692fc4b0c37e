/**
 * The fan-out scenario of `npm run bench -- load fanout`: one post of one feed to `--readers` real-time
 * readers (each able to pay for it), sent by `--workers` `tidings serve --role worker` processes on one
 * database to a fast loopback SMTP sink. The post is stored and planned by the real delivery code in
 * this process (timed: `enqueue_per_s`); the workers start on the full outbox and the figure is emails/s
 * from the sink's first acceptance to its last. Counted: emails lost (readers who got none) and doubled
 * (a Message-ID accepted twice). The baseline sends the same rendered messages with a raw nodemailer pool
 * of 5 to the same sink, in the same run.
 */
import nodemailer, { SendMailOptions } from 'nodemailer';
import { UserEntity } from '../../../src/accounts/user.entity';
import { newId, sha256Hex } from '../../../src/common/ids';
import { insertRows, selectRows } from '../../../src/db/raw-rows';
import { DeliveryService } from '../../../src/delivery/delivery.service';
import { EntriesService } from '../../../src/entries/entries.service';
import { FeedEntity } from '../../../src/feeds/feed.entity';
import { SubscriptionEntity } from '../../../src/feeds/subscription.entity';
import { transportHeaders } from '../../../src/mail/mail-transport';
import { OutboxEmailEntity } from '../../../src/mail/outbox-email.entity';
import { SmtpSink } from '../../../test/support/smtp-sink';
import { grantOneCreditEach } from '../../../test/support/starter-credits';
import { processCpuSeconds } from '../cpu-usage';
import { timeMs } from '../report';
import { LoadOptions } from './options';
import { LoadRun } from './run';

const POOL_SIZE = 5;
const POST_HTML = `<p>${'Some words of a typical post, with a <a href="https://blog.example/more">link</a>. '.repeat(40)}</p>`;

export async function run(options: LoadOptions): Promise<void> {
  const sink = await new SmtpSink().start();
  const run = await LoadRun.start({
    ...options,
    env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM: 'news@tidings.test', ...options.env },
  });
  try {
    const feed = await seedFanout(run, options.readers);
    const databaseBefore = await run.databaseBytes();
    const now = new Date();
    let enqueued = 0;
    const enqueueMs = await timeMs(async () => {
      const { added: entries } = await run.get(EntriesService).ingest(
        feed.id,
        [
          {
            id: 'the-post',
            link: 'https://blog.example/the-post',
            title: 'A post for every reader',
            published: now,
            updated: null,
            author: 'Ada',
            summary: null,
            content: POST_HTML,
            enclosures: [],
            categories: [],
          },
        ],
        now,
        { deliver: false },
      );
      enqueued = await run.get(DeliveryService).deliverNewEntries(feed, entries);
    });

    await run.startWorkers({ profiled: true });
    const workersCpuSeconds = () =>
      run.workers.reduce((sum, worker) => sum + processCpuSeconds(worker.pid), 0);
    // The workers' CPU once sending began (their start-up left out), and how many the sink had then.
    const sendingFrom = { cpuSeconds: 0, received: 0 };
    const watch = setInterval(() => {
      if (sink.received === 0 || sendingFrom.received > 0) return;
      Object.assign(sendingFrom, { cpuSeconds: workersCpuSeconds(), received: sink.received });
    }, 20);
    await untilSent(run, sink, options.readers).finally(() => clearInterval(watch));
    const sendingCpuSeconds = workersCpuSeconds() - sendingFrom.cpuSeconds;
    const sentSince = sink.received - sendingFrom.received;
    const oursPerSecond = (sink.received / Math.max(1, sink.lastAt - sink.firstAt)) * 1000;
    const lost = options.readers - sink.recipients.size;
    const doubled = sink.doubled;
    const received = sink.received;
    const workerCpu = run.workers.map((worker) => processCpuSeconds(worker.pid));

    const baselinePerSecond = await rawPoolPerSecond(run, sink);
    const growth = await run.growthFigures(databaseBefore, received, 'emails');

    run.report({
      name: 'load',
      ours: oursPerSecond,
      baseline: baselinePerSecond,
      unit: 'emails/s',
      higherIsBetter: true,
      extra: {
        scenario: 'fanout',
        database: options.db,
        readers: options.readers,
        workers: options.workers,
        enqueued,
        enqueue_per_s: (enqueued / enqueueMs) * 1000,
        received,
        lost,
        doubled,
        worker_cpu_ms_per_email: (workerCpu.reduce((a, b) => a + b, 0) * 1000) / Math.max(1, enqueued),
        worker_sending_cpu_ms_per_email: (sendingCpuSeconds * 1000) / Math.max(1, sentSince),
        baseline_pool_size: POOL_SIZE,
        ...growth,
        ...run.workerMemory(),
      },
    });
  } finally {
    await run.stop();
    await sink.stop();
  }
}

/** One feed, `readers` users subscribed to it in real time, each with one credit. */
async function seedFanout(run: LoadRun, readers: number): Promise<FeedEntity> {
  const manager = run.dataSource.manager;
  const now = new Date();
  const url = 'https://blog.example/feed.xml';
  const feed = {
    id: newId(),
    url,
    urlHash: sha256Hex(url),
    title: 'Example Blog',
    siteUrl: 'https://blog.example/',
    status: 'active' as const,
    nextPollAt: new Date('2100-01-01T00:00:00Z'),
    lastPolledAt: now,
    errorCount: 0,
    redirectStreak: 0,
    createdAt: now,
    updatedAt: now,
  };
  await insertRows<FeedEntity>(manager, FeedEntity, [feed]);
  const users = Array.from({ length: readers }, (_, index) => ({
    id: newId(),
    email: `reader${index}@load.example`,
    timezone: 'UTC',
    digestHour: 7,
    digestWeekday: 1,
    role: 'user' as const,
    createdAt: now,
  }));
  await insertRows<UserEntity>(manager, UserEntity, users);
  await insertRows<SubscriptionEntity>(
    manager,
    SubscriptionEntity,
    users.map((user) => ({
      id: newId(),
      userId: user.id,
      feedId: feed.id,
      mode: 'realtime',
      fullText: false,
      createdAt: now,
    })),
  );
  await grantOneCreditEach(
    manager,
    users.map((user) => user.id),
    now,
  );
  return feed as FeedEntity;
}

/** Until the sink has every email and nothing waits in the outbox (or nothing moved for two minutes). */
export async function untilSent(run: LoadRun, sink: SmtpSink, expected: number): Promise<void> {
  let last = -1;
  let lastMoved = Date.now();
  for (;;) {
    const [{ waiting }] = await run.dataSource.query(
      "SELECT COUNT(*) AS waiting FROM outbox_emails WHERE status IN ('pending', 'sending')",
    );
    if (sink.received >= expected && Number(waiting) === 0) return;
    if (sink.received !== last) [last, lastMoved] = [sink.received, Date.now()];
    if (Date.now() - lastMoved > 120_000)
      throw new Error(`stuck: the sink has ${sink.received} of ${expected}, ${waiting} still waiting`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The emails as stored, as nodemailer options for the baseline (the same messages the workers sent). */
export async function renderedMessages(run: LoadRun, kind = 'entry'): Promise<SendMailOptions[]> {
  const rows = await selectRows<OutboxEmailEntity>(
    run.dataSource.manager,
    OutboxEmailEntity,
    'SELECT * FROM outbox_emails WHERE kind = ?',
    [kind],
  );
  return rows.map((row) => ({
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
  }));
}

/** The same rendered messages sent by a raw nodemailer pool of POOL_SIZE to the same sink: the baseline. */
export async function rawPoolPerSecond(run: LoadRun, sink: SmtpSink, kind = 'entry'): Promise<number> {
  const messages = await renderedMessages(run, kind);
  sink.reset();
  const baseline = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sink.port,
    pool: true,
    maxConnections: POOL_SIZE,
  });
  const baselineMs = await timeMs(() => Promise.all(messages.map((message) => baseline.sendMail(message))));
  baseline.close();
  return (messages.length / baselineMs) * 1000;
}
