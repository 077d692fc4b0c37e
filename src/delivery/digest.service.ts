import { Injectable, Logger } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { EntriesService } from '../entries/entries.service';
import { Feed, FeedsService, Subscription } from '../feeds/feeds.service';
import { SubscriptionChangesService } from '../feeds/subscription-changes.service';
import { DigestSection, FeedForEmail } from '../mail/email-models';
import { MailService } from '../mail/mail.service';
import { DigestRepository, DigestRun, PendingDigestItem } from './digest.repository';
import { composeDigest, newestForSection } from './domain/compose-digest';
import { cadenceOfIssue, digestScheduleOf, latestDigestIssue } from './domain/digest-schedule';
import { digestTitle } from './domain/digest-title';
import { FilterRule, keepRule, keepSelection } from './domain/filter-entries';
import { PostFatesRepository } from './post-fates.repository';
import { isOriginOf, preferOrigins } from './domain/story-origin';
import { EntryContentProvider, feedForEmail } from './entry-content.provider';
import { StoryMemoryRepository } from './story-memory.repository';
import { RandomNumbers } from '../common/random-numbers';
import { Metrics } from '../common/metrics';
import { runConcurrently } from '../common/run-concurrently';
import { ShutdownSignal } from '../common/shutdown-signal';
import { ClaimLeases, ClaimsInHand } from '../db/claim-leases';
import { PruneBatch, PruneRequest } from '../db/prune-batch';

export interface DigestReport {
  sent: number;
  empty: number;
}

/** Issues claimed, then composed and enqueued, before the caller is told to send them. */
const ISSUES_PER_BATCH = 50;
/** Issues of a batch composed at once (their queries overlap; the database pool has room for them). */
const ISSUES_AT_ONCE = 4;

/** Sends each user's digest issues when their local hour comes: each issue once, each item in one issue. */
@Injectable()
export class DigestService {
  private readonly logger = new Logger(DigestService.name);
  /** The issues a `sendDue` under way has claimed: only their claims are renewed. */
  private readonly inHand = new ClaimsInHand();

  constructor(
    private readonly digests: DigestRepository,
    private readonly accounts: AccountsService,
    private readonly feeds: FeedsService,
    private readonly subscriptionChanges: SubscriptionChangesService,
    private readonly entries: EntriesService,
    private readonly mail: MailService,
    private readonly content: EntryContentProvider,
    private readonly random: RandomNumbers,
    private readonly stories: StoryMemoryRepository,
    private readonly fates: PostFatesRepository,
    private readonly leases: ClaimLeases,
    private readonly shutdown: ShutdownSignal,
    private readonly metrics: Metrics,
  ) {
    leases.register({
      name: 'digest',
      renew: (owner, leaseUntil) =>
        this.inHand.renewWith((ids) => digests.renewClaims(owner, leaseUntil, ids)),
      release: (owner, now) => digests.releaseClaims(owner, now),
    });
  }

  /**
   * Every issue due at or before `now` and not sent yet; an issue missed while down goes out once. Issues
   * are claimed and composed `ISSUES_PER_BATCH` at a time, each worker starting at its own place among
   * the waiting readers, and `afterBatch` is told after each batch is enqueued (the caller starts sending:
   * before, every issue was composed before any was sent, 43 s of nothing for 5,000 readers). When the
   * process is stopping, no further issue is begun.
   */
  async sendDue(now: Date, options: { afterBatch?: () => void } = {}): Promise<DigestReport> {
    const report: DigestReport = { sent: 0, empty: 0 };
    await this.stories.forgetBefore(now);
    const owner = this.leases.owner;
    // Claims are renewed while this call runs: those it could not finish (the database was down) run out.
    const claimed: string[] = [];
    const held = (runs: DigestRun[]) => {
      claimed.push(...runs.map((run) => run.id));
      this.inHand.add(runs.map((run) => run.id));
      return runs;
    };
    // A batch's issues are composed a few at a time: each waits mostly on its own queries.
    const send = async (runs: DigestRun[]) => {
      await runConcurrently(runs, ISSUES_AT_ONCE, async (run) => {
        if (this.shutdown.isStopping) return;
        try {
          report[(await this.sendIssue(run, now)) ? 'sent' : 'empty'] += 1;
        } catch (error) {
          this.logger.error(
            `digest ${run.issueKey} of user ${run.userId} failed: ${(error as Error).message}`,
          );
        }
      });
      if (runs.length) options.afterBatch?.();
    };
    try {
      await send(held(await this.digests.takeOverAbandoned(now, owner, this.leases.leaseFrom(now))));
      await this.claimDueIssues(now, held, send);
    } finally {
      this.inHand.drop(claimed);
    }
    return report;
  }

  /** Retention: one batch of old finished digest issues is deleted. */
  deleteFinishedRuns(request: PruneRequest): Promise<PruneBatch> {
    return this.digests.deleteFinished(request);
  }

  /**
   * Claims, for each user with waiting items, the latest issue that is due and holds some of them, and
   * hands them to `send` a batch at a time. Workers start at a random place in the list, so that several
   * share the hour instead of racing for the same readers.
   */
  private async claimDueIssues(
    now: Date,
    held: (runs: DigestRun[]) => DigestRun[],
    send: (runs: DigestRun[]) => Promise<void>,
  ): Promise<void> {
    const listed = await this.digests.waitingCadences();
    const start = Math.floor(this.random.next() * listed.length);
    const waiting = [...listed.slice(start), ...listed.slice(0, start)];
    const userIds = [...new Set(waiting.map((w) => w.userId))];
    const users = new Map((await this.accounts.findByIds(userIds)).map((u) => [u.id, u]));
    const paused = await this.subscriptionChanges.pausedIdsByUser(userIds);
    const withDigests = await this.readersWithDigests(waiting);
    let batch: DigestRun[] = [];
    for (const { userId, cadence } of waiting) {
      if (this.shutdown.isStopping) break;
      const user = users.get(userId);
      if (!user) continue;
      try {
        const schedule = digestScheduleOf(user, withDigests.has(userId));
        const issue = latestDigestIssue(cadence, schedule, now);
        if (!(await this.digests.hasItemsDueFor(userId, issue, paused.get(userId)))) continue;
        const run = await this.digests.claim(
          userId,
          issue,
          now,
          this.leases.owner,
          this.leases.leaseFrom(now),
        );
        if (run) batch.push(...held([run]));
      } catch (error) {
        this.logger.error(`the ${cadence} digest of user ${userId} failed: ${(error as Error).message}`);
      }
      if (batch.length >= ISSUES_PER_BATCH) {
        await send(batch);
        batch = [];
      }
    }
    await send(batch);
  }

  /**
   * Of the readers with a catch-up waiting, those who have a digest: their catch-up goes with it, at their
   * digest hour; the others' at local midnight.
   */
  private async readersWithDigests(
    waiting: ReadonlyArray<{ userId: string; cadence: string }>,
  ): Promise<Set<string>> {
    const readers = new Set<string>();
    for (const { userId } of waiting.filter(({ cadence }) => cadence === 'catch-up')) {
      const subscriptions = await this.feeds.subscriptionsOfUser(userId);
      if (subscriptions.some((subscription) => subscription.mode !== 'realtime')) readers.add(userId);
    }
    return readers;
  }

  /** Composes and enqueues one claimed issue; false when nothing in it is left to show. */
  private async sendIssue(run: DigestRun, now: Date): Promise<boolean> {
    const cadence = cadenceOfIssue(run.issueKey);
    const [user] = await this.accounts.findByIds([run.userId]);
    const subscriptions = user ? await this.feeds.subscriptionsOfUser(user.id) : [];
    const paused = subscriptions.filter((subscription) => subscription.pausedAt).map(({ id }) => id);
    const items = await this.digests.collectItems(run, cadence, paused);
    const notes: IssueNotes = { leftOut: [], retold: [] };
    const sections = user ? composeDigest(await this.sectionsOf(subscriptions, items, notes)) : [];
    if (!user || sections.length === 0) {
      await this.digests.finish(run.id, 'empty', 0, now);
      return false;
    }
    const dedupKey = `digest:${run.userId}:${run.issueKey}`;
    await this.mail.sendDigest({
      dedupKey,
      to: { userId: user.id, email: user.email },
      title: digestTitle(cadence),
      sections,
    });
    const notShown = new Set(notes.leftOut.map(({ entryId }) => entryId));
    await this.fates.markInDigest(
      user.id,
      items.map((item) => item.entryId).filter((id) => !notShown.has(id)),
      dedupKey,
    );
    for (const { entryIds, rule } of groupLeftOut(notes.leftOut))
      await this.fates.markFiltered(user.id, entryIds, rule);
    for (const { entryId, repeatOfEntryId } of notes.retold)
      await this.fates.retell(user.id, entryId, repeatOfEntryId, cadence);
    this.metrics.observeDigestLag((now.getTime() - run.dueAt.getTime()) / 1000);
    const entryCount = sections.reduce((sum, s) => sum + s.entries.length + s.headlines.length, 0);
    await this.digests.finish(run.id, 'sent', entryCount, now);
    return true;
  }

  /**
   * One section per subscription, its "most recent k" or "random k" chosen over the whole issue. A
   * story is shown once: by its origin's copy when that is in this issue (`preferOrigins`), else by its
   * first telling; the other feeds' copies in this issue add "also in" them.
   */
  private async sectionsOf(
    subscriptions: ReadonlyArray<Subscription & { feed: Feed }>,
    pending: readonly PendingDigestItem[],
    notes: IssueNotes,
  ): Promise<DigestSection[]> {
    const inIssue = new Set(pending.filter((item) => !item.repeatOfEntryId).map((item) => item.entryId));
    const told = pending.filter((item) => !item.repeatOfEntryId || inIssue.has(item.repeatOfEntryId));
    const entries = new Map(
      (await this.entries.findByIds(told.map((item) => item.entryId))).map((e) => [e.id, e]),
    );
    const feeds = new Map(subscriptions.map((subscription) => [subscription.id, subscription.feed]));
    const items = preferOrigins(pending, (item) => {
      const [feed, entry] = [feeds.get(item.subscriptionId), entries.get(item.entryId)];
      return Boolean(feed && entry && isOriginOf(feed, entry.link));
    });
    // The record follows: the origin's copy is the one shown, the others repeat it.
    items.forEach((item, index) => {
      if (item.repeatOfEntryId !== pending[index].repeatOfEntryId)
        notes.retold.push({ entryId: item.entryId, repeatOfEntryId: item.repeatOfEntryId });
    });
    const firsts = items.filter((item) => !item.repeatOfEntryId);
    const alsoIn = alsoInOtherFeeds(items, subscriptions);
    const sections: DigestSection[] = [];
    for (const subscription of subscriptions) {
      if (subscription.pausedAt) continue;
      const waiting = firsts
        .filter((item) => item.subscriptionId === subscription.id)
        .flatMap((item) => entries.get(item.entryId) ?? []);
      const kept = keepSelection(waiting, subscription, () => this.random.next());
      const rule = keepRule(subscription);
      if (rule)
        for (const entry of waiting)
          if (!kept.includes(entry)) notes.leftOut.push({ entryId: entry.id, rule });
      const { shown, headlines } = newestForSection(kept);
      sections.push({
        feed: feedForEmail(subscription.feed),
        subscriptionId: subscription.id,
        subjectTag: subscription.subjectTag,
        entries: await Promise.all(
          shown.map(async (entry) => ({
            ...(await this.content.toEmailEntry(entry, { fullText: subscription.fullText })),
            alsoIn: alsoIn.get(entry.id) ?? [],
          })),
        ),
        headlines,
      });
    }
    return sections;
  }
}

/** A post a digest issue left out by its subscription's keep-k. */
interface LeftOut {
  entryId: string;
  rule: FilterRule;
}

/**
 * What composing an issue changed in its posts' fates: those keep-k left out, and those whose telling
 * moved to the origin's copy (`repeatOfEntryId` null: now the one shown).
 */
interface IssueNotes {
  leftOut: LeftOut[];
  retold: Array<{ entryId: string; repeatOfEntryId: string | null }>;
}

/** The left-out posts grouped by their rule (one update per subscription's rule). */
function groupLeftOut(leftOut: readonly LeftOut[]): Array<{ entryIds: string[]; rule: FilterRule }> {
  const groups = new Map<string, { entryIds: string[]; rule: FilterRule }>();
  for (const { entryId, rule } of leftOut) {
    const key = JSON.stringify(rule);
    (groups.get(key) ?? groups.set(key, { entryIds: [], rule }).get(key)!).entryIds.push(entryId);
  }
  return [...groups.values()];
}

/** For each first telling in the issue, the other feeds whose repeats of it are in the issue too. */
function alsoInOtherFeeds(
  items: readonly PendingDigestItem[],
  subscriptions: ReadonlyArray<Subscription & { feed: Feed }>,
): Map<string, FeedForEmail[]> {
  const inIssue = new Set(items.filter((item) => !item.repeatOfEntryId).map((item) => item.entryId));
  const feeds = new Map(subscriptions.map((subscription) => [subscription.id, subscription.feed]));
  const alsoIn = new Map<string, FeedForEmail[]>();
  for (const item of items) {
    const feed = feeds.get(item.subscriptionId);
    if (!item.repeatOfEntryId || !inIssue.has(item.repeatOfEntryId) || !feed) continue;
    alsoIn.set(item.repeatOfEntryId, [...(alsoIn.get(item.repeatOfEntryId) ?? []), feedForEmail(feed)]);
  }
  return alsoIn;
}
