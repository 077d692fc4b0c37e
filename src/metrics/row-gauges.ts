import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { BillingService } from '../billing/billing.service';
import { Clock } from '../common/clock';
import { Metrics } from '../common/metrics';
import { GroupCount } from '../db/count-grouped';
import { EntriesService } from '../entries/entries.service';
import { FeedsService } from '../feeds/feeds.service';
import { MailService } from '../mail/mail.service';
import { OutboxService } from '../mail/outbox.service';
import { SupportDeskService } from '../support/support-desk.service';

/**
 * Gauges that describe rows, read from the database when scraped (so that every process, whatever it
 * does, gives the same figures): feeds by state, entries stored, emails by state and kind, the age of
 * the oldest pending email, complaints, and the credits each kind of ledger entry moved.
 */
@Injectable()
export class RowGauges {
  constructor(
    metrics: Metrics,
    feeds: FeedsService,
    entries: EntriesService,
    outbox: OutboxService,
    mail: MailService,
    billing: BillingService,
    desk: SupportDeskService,
    clock: Clock,
  ) {
    const registers = [metrics.registry];
    new Gauge({
      name: 'tidings_feeds',
      help: 'Feeds by state (active, broken, gone)',
      labelNames: ['state'],
      registers,
      async collect() {
        setGroups(this, await feeds.countByStatus(), (group) => ({ state: group.status }));
      },
    });
    new Gauge({
      name: 'tidings_entries',
      help: 'Entries stored, all feeds together',
      registers,
      async collect() {
        this.set(await entries.count());
      },
    });
    const outboxCensus = sharedPerScrape(() => outbox.census());
    new Gauge({
      name: 'tidings_emails',
      help: 'Emails in the outbox by state (pending, sending, sent, failed, held, suppressed) and kind',
      labelNames: ['state', 'kind'],
      registers,
      async collect() {
        const { byStatusAndKind } = await outboxCensus();
        setGroups(this, byStatusAndKind, (group) => ({ state: group.status, kind: group.kind }));
      },
    });
    new Gauge({
      name: 'tidings_outbox_oldest_pending_age_seconds',
      help: 'How long the oldest pending email has waited (0 when none waits)',
      registers,
      async collect() {
        const now = clock.now().getTime();
        const oldest = (await outboxCensus()).oldestPendingAt?.getTime() ?? now;
        this.set(Math.max(0, (now - oldest) / 1000));
      },
    });
    const supportCensus = sharedPerScrape(() => desk.census());
    new Gauge({
      name: 'tidings_support_threads',
      help: 'Support threads by state (open: waiting for an answer, waiting: for the reader, closed)',
      labelNames: ['state'],
      registers,
      async collect() {
        for (const [state, threads] of Object.entries((await supportCensus()).byState))
          this.set({ state }, threads);
      },
    });
    new Gauge({
      name: 'tidings_support_oldest_open_age_seconds',
      help: 'How long the oldest open support thread has waited for an answer (0 when none)',
      registers,
      async collect() {
        const now = clock.now().getTime();
        const oldest = (await supportCensus()).oldestOpenSince?.getTime() ?? now;
        this.set(Math.max(0, (now - oldest) / 1000));
      },
    });
    new Gauge({
      name: 'tidings_complaints_stored',
      help: 'Complaints (feedback reports) recorded, all processes together',
      registers,
      async collect() {
        this.set(await mail.countComplaints());
      },
    });
    const creditTotals = sharedPerScrape(() => billing.creditTotalsByKind());
    const sumOf = async (...kinds: string[]) =>
      (await creditTotals())
        .filter((group) => kinds.includes(group.kind))
        .reduce((sum, g) => sum + g.count, 0);
    new Gauge({
      name: 'tidings_credits',
      help: 'Credits moved by each kind of ledger entry (grant, purchase, spend, release, refund, adjustment)',
      labelNames: ['kind'],
      registers,
      async collect() {
        setGroups(this, await creditTotals(), (group) => ({ kind: group.kind }));
      },
    });
    new Gauge({
      name: 'tidings_credits_granted',
      help: 'Credits granted for free and bought',
      registers,
      async collect() {
        this.set(await sumOf('grant', 'purchase'));
      },
    });
    new Gauge({
      name: 'tidings_credits_spent',
      help: 'Credits spent on emails (reservations less the releases of emails not sent)',
      registers,
      async collect() {
        this.set(-(await sumOf('spend', 'release')));
      },
    });
  }
}

/**
 * One read for the gauges of one scrape that come from the same rows: the registry collects every
 * gauge at once, so they share the read under way; the next scrape reads again.
 */
function sharedPerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let under: Promise<T> | null = null;
  return () => (under ??= read().finally(() => setImmediate(() => (under = null))));
}

/** Replaces a labelled gauge's values with these groups (a state with no rows any more disappears). */
function setGroups<L extends string>(
  gauge: Gauge<L>,
  groups: readonly GroupCount[],
  labels: (group: GroupCount) => Record<L, string>,
): void {
  gauge.reset();
  for (const group of groups) gauge.set(labels(group), group.count);
}
