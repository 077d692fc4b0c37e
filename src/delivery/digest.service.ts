import { Injectable, Logger } from '@nestjs/common';
import { AccountsService, User } from '../accounts/accounts.service';
import { sha256Hex } from '../common/ids';
import { chunksOf } from '../db/chunked';
import { EntriesService } from '../entries/entries.service';
import { FeedsService } from '../feeds/feeds.service';
import { recipientAddress } from '../feeds/domain/delivery-address';
import { SubscriptionChangesService } from '../feeds/subscription-changes.service';
import { MailService } from '../mail/mail.service';
import { DigestRepository, DigestRun, IssueOutcome, PendingDigestItem } from './digest.repository';
import { composeDigest } from './domain/compose-digest';
import { cadenceOfIssue, digestScheduleOf, latestDigestIssue } from './domain/digest-schedule';
import { digestTitle } from './domain/digest-title';
import { FilterRule } from './domain/filter-entries';
import { emailKeyOf, IssueEmail, issueEmails } from './domain/issue-emails';
import { IssueNotes, issueSections, toldEntryIds } from './issue-sections';
import { PostFatesRepository, ReaderPosts } from './post-fates.repository';
import { EntryContentProvider } from './entry-content.provider';
import { StoryMemoryRepository } from './story-memory.repository';
import { RandomNumbers } from '../common/random-numbers';
import { Metrics } from '../common/metrics';
import { ShutdownSignal } from '../common/shutdown-signal';
import { ClaimLeases, ClaimsInHand } from '../db/claim-leases';
import { PruneBatch, PruneRequest } from '../db/prune-batch';

export interface DigestReport {
  sent: number;
  empty: number;
}

/** Issues claimed, composed and enqueued together, before the caller is told to send them. */
const ISSUES_PER_BATCH = 50;

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
   * are claimed, composed and enqueued `ISSUES_PER_BATCH` at a time, each step one statement or a few for
   * the whole batch, each worker starting at its own place among the waiting readers, and `afterBatch` is
   * told after each batch is enqueued (the caller starts sending). When the process is stopping, no
   * further batch is begun.
   */
  async sendDue(now: Date, options: { afterBatch?: () => void } = {}): Promise<DigestReport> {
    const report: DigestReport = { sent: 0, empty: 0 };
    await this.stories.forgetBefore(now);
    const owner = this.leases.owner;
    // Claims are renewed while this call runs: those it could not finish (the database was down) run out.
    const claimed: string[] = [];
    const send = async (runs: readonly DigestRun[]) => {
      if (runs.length === 0) return;
      claimed.push(...runs.map((run) => run.id));
      this.inHand.add(runs.map((run) => run.id));
      if (this.shutdown.isStopping) return;
      await this.sendBatch(runs, now, report);
      options.afterBatch?.();
    };
    try {
      const abandoned = await this.digests.takeOverAbandoned(now, owner, this.leases.leaseFrom(now));
      for (const runs of chunksOf(abandoned, ISSUES_PER_BATCH)) await send(runs);
      await this.claimDueIssues(now, send);
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
    send: (runs: readonly DigestRun[]) => Promise<void>,
  ): Promise<void> {
    const listed = await this.digests.waitingCadences();
    const start = Math.floor(this.random.next() * listed.length);
    const waiting = [...listed.slice(start), ...listed.slice(0, start)];
    const userIds = [...new Set(waiting.map((w) => w.userId))];
    const users = new Map((await this.accounts.findByIds(userIds)).map((u) => [u.id, u]));
    const paused = await this.subscriptionChanges.pausedIdsByUser(userIds);
    const withDigests = await this.readersWithDigests(waiting);
    for (const slice of chunksOf(waiting, ISSUES_PER_BATCH)) {
      if (this.shutdown.isStopping) break;
      const issues = slice.flatMap(({ userId, cadence }) => {
        const user = users.get(userId);
        if (!user) return [];
        try {
          const issue = latestDigestIssue(cadence, digestScheduleOf(user, withDigests.has(userId)), now);
          return [{ userId, issue, ...issue, paused: new Set(paused.get(userId)) }];
        } catch (error) {
          this.logger.error(`the ${cadence} digest of user ${userId} failed: ${(error as Error).message}`);
          return [];
        }
      });
      try {
        const due = await this.digests.withItemsDue(issues);
        await send(await this.digests.claim(due, now, this.leases.owner, this.leases.leaseFrom(now)));
      } catch (error) {
        this.logger.error(`claiming ${issues.length} digest issues failed: ${(error as Error).message}`);
      }
    }
  }

  /**
   * Of the readers with a catch-up waiting, those who have a digest: their catch-up goes with it, at their
   * digest hour; the others' at local midnight.
   */
  private async readersWithDigests(
    waiting: ReadonlyArray<{ userId: string; cadence: string }>,
  ): Promise<Set<string>> {
    const catchingUp = waiting.filter(({ cadence }) => cadence === 'catch-up').map(({ userId }) => userId);
    const readers = new Set<string>();
    for (const [userId, subscriptions] of await this.feeds.subscriptionsOfUsers(catchingUp))
      if (subscriptions.some((subscription) => subscription.mode !== 'realtime')) readers.add(userId);
    return readers;
  }

  /**
   * Sends a batch of claimed issues; when it fails, each of its issues is tried on its own, so that one
   * issue that cannot be sent does not hold back the others (the writes are idempotent: a retried issue
   * finds the items it took, and its email's dedup key).
   */
  private async sendBatch(runs: readonly DigestRun[], now: Date, report: DigestReport): Promise<void> {
    try {
      for (const { status } of await this.sendIssues(runs, now))
        report[status === 'sent' ? 'sent' : 'empty'] += 1;
    } catch (error) {
      if (runs.length > 1) {
        for (const run of runs) await this.sendBatch([run], now, report);
        return;
      }
      const [run] = runs;
      this.logger.error(`digest ${run.issueKey} of user ${run.userId} failed: ${(error as Error).message}`);
    }
  }

  /**
   * Composes and enqueues claimed issues: their readers, subscriptions, items and posts read once for
   * all, then each issue composed in memory, then their emails, their posts' fates and their outcomes
   * written together. An issue with nothing left to show is finished empty.
   */
  private async sendIssues(runs: readonly DigestRun[], now: Date): Promise<IssueOutcome[]> {
    const userIds = [...new Set(runs.map((run) => run.userId))];
    const [users, subscriptions] = await Promise.all([
      this.accounts.findByIds(userIds).then((found) => new Map(found.map((user) => [user.id, user]))),
      this.feeds.subscriptionsOfUsers(userIds),
    ]);
    const subscriptionsOf = (userId: string) => subscriptions.get(userId) ?? [];
    const items = await this.digests.collectItems(
      runs.map((run) => ({
        runId: run.id,
        userId: run.userId,
        cadence: cadenceOfIssue(run.issueKey),
        dueAt: run.dueAt,
        paused: new Set(subscriptionsOf(run.userId).flatMap(({ id, pausedAt }) => (pausedAt ? [id] : []))),
      })),
    );
    const told = [...new Set([...items.values()].flatMap(toldEntryIds))];
    const entries = new Map((await this.entries.findByIds(told)).map((entry) => [entry.id, entry]));
    const emailEntryOf = this.content.forBatch();
    const outcomes: IssueOutcome[] = [];
    const sent: ComposedIssue[] = [];
    for (const run of runs) {
      const user = users.get(run.userId);
      const pending = items.get(run.id) ?? [];
      const notes: IssueNotes = { leftOut: [], retold: [] };
      const sections = user
        ? composeDigest(
            await issueSections(subscriptionsOf(user.id), pending, { entries, emailEntryOf }, notes, () =>
              this.random.next(),
            ),
          )
        : [];
      const entryCount = sections.reduce((sum, s) => sum + s.entries.length + s.headlines.length, 0);
      outcomes.push({ runId: run.id, status: user && sections.length ? 'sent' : 'empty', entryCount });
      if (!user || sections.length === 0) continue;
      // Each feed's part goes where its subscription delivers: one email per address.
      const addresses = new Map(
        subscriptionsOf(user.id).map((subscription) => [
          subscription.id,
          recipientAddress(user.email, subscription),
        ]),
      );
      const addressOf = (subscriptionId: string) => addresses.get(subscriptionId) ?? user.email;
      const baseKey = `digest:${run.userId}:${run.issueKey}`;
      sent.push({
        run,
        user,
        pending,
        notes,
        emails: issueEmails(sections, user.email, addressOf, baseKey, addressKey),
        emailKeyOf: (subscriptionId) =>
          emailKeyOf(addressOf(subscriptionId), user.email, baseKey, addressKey),
      });
    }
    await this.mail.sendDigests(
      sent.flatMap(({ run, user, emails }) =>
        emails.map(({ address, dedupKey, sections }) => ({
          dedupKey,
          to: { userId: user.id, email: address },
          title: digestTitle(cadenceOfIssue(run.issueKey)),
          sections,
        })),
      ),
    );
    await this.recordFates(sent);
    for (const { run } of sent) this.metrics.observeDigestLag((now.getTime() - run.dueAt.getTime()) / 1000);
    await this.digests.finish(outcomes, now);
    return outcomes;
  }

  /** The readers' record of the posts of issues sent: shown in the email, left out by keep-k, retold. */
  private async recordFates(sent: readonly ComposedIssue[]): Promise<void> {
    await this.fates.markInDigest(
      sent.flatMap(({ run, pending, notes, emailKeyOf }) => {
        const notShown = new Set(notes.leftOut.map(({ entryId }) => entryId));
        const byEmail = new Map<string, string[]>();
        for (const item of pending.filter(({ entryId }) => !notShown.has(entryId))) {
          const key = emailKeyOf(item.subscriptionId);
          byEmail.set(key, [...(byEmail.get(key) ?? []), item.entryId]);
        }
        return [...byEmail].map(([emailKey, entryIds]) => ({ userId: run.userId, entryIds, emailKey }));
      }),
    );
    for (const { posts, rule } of groupLeftOut(sent)) await this.fates.markFiltered(posts, rule);
    for (const { run, notes } of sent)
      for (const { entryId, repeatOfEntryId } of notes.retold)
        await this.fates.retell(run.userId, entryId, repeatOfEntryId, cadenceOfIssue(run.issueKey));
  }
}

/** An issue composed and sent, with what its posts' record needs. */
interface ComposedIssue {
  run: DigestRun;
  user: User;
  pending: readonly PendingDigestItem[];
  notes: IssueNotes;
  /** One per address the issue's feeds go to (`issueEmails`). */
  emails: IssueEmail[];
  /** The key of the email that carries a subscription's posts. */
  emailKeyOf: (subscriptionId: string) => string;
}

/** A delivery address in an email's dedup key: short, and the same for every retry. */
function addressKey(address: string): string {
  return sha256Hex(address.toLowerCase()).slice(0, 16);
}

/** The posts the issues' keep-k left out, grouped by their rule (one update per rule), then by reader. */
function groupLeftOut(issues: readonly ComposedIssue[]): Array<{ posts: ReaderPosts[]; rule: FilterRule }> {
  const groups = new Map<string, { rule: FilterRule; byUser: Map<string, string[]> }>();
  for (const { run, notes } of issues)
    for (const { entryId, rule } of notes.leftOut) {
      const key = JSON.stringify(rule);
      const { byUser } = groups.get(key) ?? groups.set(key, { rule, byUser: new Map() }).get(key)!;
      (byUser.get(run.userId) ?? byUser.set(run.userId, []).get(run.userId)!).push(entryId);
    }
  return [...groups.values()].map(({ rule, byUser }) => ({
    rule,
    posts: [...byUser].map(([userId, entryIds]) => ({ userId, entryIds })),
  }));
}
