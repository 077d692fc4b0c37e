/**
 * The digest-hour scenario of `npm run bench -- load digest`: `--readers` readers in one timezone whose
 * digest hour has just come, each with 10 daily feeds that have a new post waiting, and `--workers`
 * `tidings serve --role worker` processes (their digest cycle runs at start) on one database, sending to
 * a fast loopback SMTP sink. Reported: digests/s from the sink's first acceptance to its last, how long
 * after the workers were started the first digest arrived, digests lost (readers with none) and doubled
 * (a Message-ID twice). The baseline sends the same rendered digests with a raw nodemailer pool of 5 to
 * the same sink, in the same run.
 */
import { UserEntity } from '../../../src/accounts/user.entity';
import { CreditAccountEntity } from '../../../src/billing/credit-account.entity';
import { newId, sha256Hex } from '../../../src/common/ids';
import { insertRows } from '../../../src/db/raw-rows';
import { PendingDigestItemEntity } from '../../../src/delivery/pending-digest-item.entity';
import { EntryEntity } from '../../../src/entries/entry.entity';
import { FeedEntity } from '../../../src/feeds/feed.entity';
import { SubscriptionEntity } from '../../../src/feeds/subscription.entity';
import { SmtpSink } from '../../../test/support/smtp-sink';
import { processCpuSeconds } from '../cpu-usage';
import { rawPoolPerSecond, untilSent } from './fanout';
import { LoadOptions } from './options';
import { LoadRun } from './run';

const FEEDS_PER_READER = 10;
const POOL_SIZE = 5;

export async function run(options: LoadOptions): Promise<void> {
  const sink = await new SmtpSink().start();
  const run = await LoadRun.start({
    ...options,
    env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM: 'news@tidings.test', ...options.env },
  });
  try {
    await seedDigestHour(run, options.readers, new Date());
    const databaseBefore = await run.databaseBytes();
    const startedAt = Date.now();
    await run.startWorkers({ profiled: true });
    await untilSent(run, sink, options.readers);
    const oursPerSecond = (sink.received / Math.max(1, sink.lastAt - sink.firstAt)) * 1000;
    const figures = {
      first_digest_after_start_s: (sink.firstAt - startedAt) / 1000,
      all_digests_after_start_s: (sink.lastAt - startedAt) / 1000,
      received: sink.received,
      lost: options.readers - sink.recipients.size,
      doubled: sink.doubled,
      worker_cpu_ms_per_digest:
        (run.workers.reduce((sum, worker) => sum + processCpuSeconds(worker.pid), 0) * 1000) /
        Math.max(1, sink.received),
    };

    const baselinePerSecond = await rawPoolPerSecond(run, sink, 'digest');
    const growth = await run.growthFigures(databaseBefore, sink.received, 'emails');

    run.report({
      name: 'load',
      ours: oursPerSecond,
      baseline: baselinePerSecond,
      unit: 'digests/s',
      higherIsBetter: true,
      extra: {
        scenario: 'digest',
        database: options.db,
        readers: options.readers,
        feeds_per_reader: FEEDS_PER_READER,
        workers: options.workers,
        ...figures,
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

/**
 * `readers` readers in UTC whose digest hour is the current hour, each subscribed daily to the same 10
 * feeds, with each feed's post of last night waiting in their next digest (and credits to pay for it).
 */
async function seedDigestHour(run: LoadRun, readers: number, now: Date): Promise<void> {
  const manager = run.dataSource.manager;
  const lastNight = new Date(now.getTime() - 12 * 3_600_000);
  const feeds = Array.from({ length: FEEDS_PER_READER }, (_, index) => {
    const url = `https://blog${index}.example/feed.xml`;
    return {
      id: newId(),
      url,
      urlHash: sha256Hex(url),
      title: `Blog ${index}`,
      siteUrl: `https://blog${index}.example/`,
      status: 'active' as const,
      nextPollAt: new Date('2100-01-01T00:00:00Z'),
      lastPolledAt: lastNight,
      errorCount: 0,
      redirectStreak: 0,
      createdAt: lastNight,
      updatedAt: lastNight,
    };
  });
  await insertRows<FeedEntity>(manager, FeedEntity, feeds);
  const entries = feeds.map((feed, index) => ({
    id: newId(),
    feedId: feed.id,
    identityHash: sha256Hex(`post ${index}`),
    link: `https://blog${index}.example/last-night`,
    title: `What happened last night at blog ${index}`,
    summary: `<p>${'A paragraph of the post, as blogs write them. '.repeat(12)}</p>`,
    publishedAt: lastNight,
    firstSeenAt: lastNight,
    deliveryPlannedAt: lastNight,
    contentHash: sha256Hex(`content ${index}`),
  }));
  await insertRows<EntryEntity>(manager, EntryEntity, entries);
  const users = Array.from({ length: readers }, (_, index) => ({
    id: newId(),
    email: `reader${index}@load.example`,
    timezone: 'UTC',
    digestHour: now.getUTCHours(),
    digestWeekday: 1,
    role: 'user' as const,
    createdAt: lastNight,
  }));
  await insertRows<UserEntity>(manager, UserEntity, users);
  await insertRows<CreditAccountEntity>(
    manager,
    CreditAccountEntity,
    users.map((user) => ({ userId: user.id, balance: 10, version: 1, updatedAt: lastNight })),
  );
  const subscriptions = users.flatMap((user) =>
    feeds.map((feed) => ({
      id: newId(),
      userId: user.id,
      feedId: feed.id,
      mode: 'daily' as const,
      fullText: false,
      createdAt: lastNight,
    })),
  );
  await insertRows<SubscriptionEntity>(manager, SubscriptionEntity, subscriptions);
  await insertRows<PendingDigestItemEntity>(
    manager,
    PendingDigestItemEntity,
    subscriptions.map((subscription, index) => ({
      id: newId(),
      userId: subscription.userId,
      subscriptionId: subscription.id,
      entryId: entries[index % FEEDS_PER_READER].id,
      cadence: 'daily',
      createdAt: lastNight,
      repeatOfEntryId: null,
      digestRunId: null,
    })),
  );
}
