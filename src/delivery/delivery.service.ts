import { Injectable } from '@nestjs/common';
import { AccountsService, User } from '../accounts/accounts.service';
import { comparableHost } from '../common/comparable-url';
import { Entry } from '../entries/entries.service';
import { FeedRef, FeedsService, Subscription } from '../feeds/feeds.service';
import { MailService } from '../mail/mail.service';
import { DigestRepository } from './digest.repository';
import { burstTitle, isBurst } from './domain/burst';
import { composeDigest, newestForSection } from './domain/compose-digest';
import { digestCadenceOf } from './domain/digest-schedule';
import { judgeEntries } from './domain/filter-entries';
import { EntryContentProvider, feedForEmail } from './entry-content.provider';
import { RandomNumbers } from '../common/random-numbers';
import { storyKeys } from './domain/story-keys';
import { isOriginOf, realtimeTelling } from './domain/story-origin';
import { ORIGIN_HOLD_REASON } from './domain/post-fate';
import { PollFates } from './poll-fates';
import { PostFatesRepository } from './post-fates.repository';
import { StoryMemoryRepository } from './story-memory.repository';
import { AdmittedEntries, InboxRhythmService } from './inbox-rhythm.service';
import { Clock } from '../common/clock';

/** The delivery planner: a poll's new entries become real-time emails or items waiting for a digest. */
@Injectable()
export class DeliveryService {
  constructor(
    private readonly feeds: FeedsService,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
    private readonly digests: DigestRepository,
    private readonly content: EntryContentProvider,
    private readonly random: RandomNumbers,
    private readonly stories: StoryMemoryRepository,
    private readonly fates: PostFatesRepository,
    private readonly clock: Clock,
    private readonly rhythm: InboxRhythmService,
  ) {}

  /**
   * Filters a poll's new entries per subscriber and leaves out the stories another of the reader's
   * feeds told first (real time: dropped; digest: kept as a repeat, shown as "also in" when the first
   * telling is in the same issue). The origin wins (`domain/story-origin.ts`): in real time a copy from
   * a feed that is not the post's site waits on hold while the reader follows that site, and the site's
   * own copy, coming meanwhile, takes its place. Returns how many real-time emails were enqueued.
   */
  async deliverNewEntries(feed: FeedRef, entries: readonly Entry[]): Promise<number> {
    if (entries.length === 0) return 0;
    const subscriptions = await this.feeds.subscriptionsOfFeed(feed.id);
    const users = new Map(
      (await this.accounts.findByIds(subscriptions.map((s) => s.userId))).map((u) => [u.id, u]),
    );
    const fates = new PollFates(feed.id, this.clock.now());
    const plans = subscriptions.flatMap((subscription) => {
      const user = users.get(subscription.userId);
      if (!user) return [];
      // A paused subscription gets nothing, not even later: resuming must not flood the reader.
      if (subscription.pausedAt) {
        for (const entry of entries) fates.add(subscription, entry, { fate: 'paused' });
        return [];
      }
      const verdicts = judgeEntries(entries, subscription, () => this.random.next(), {
        contentOnly: subscription.mode !== 'realtime',
      });
      for (const { entry, droppedBy } of verdicts)
        if (droppedBy) fates.add(subscription, entry, { fate: 'filtered', rule: droppedBy });
      const kept = verdicts.flatMap(({ entry, droppedBy }) => (droppedBy ? [] : [entry]));
      return [{ user, subscription, kept }];
    });
    const repeats = await this.repeatedStories(plans);
    const originFollowers = await this.originFollowers(feed, plans, repeats);
    const pollKey = entries.map((entry) => entry.id).sort()[0];
    let enqueued = 0;
    for (const { user, subscription, kept } of plans) {
      const repeatOf = (entry: Entry) => repeats.get(`${subscription.id}:${entry.id}`) ?? null;
      const isRepeat = (entry: Entry) => {
        const earlier = repeatOf(entry);
        if (earlier) fates.add(subscription, entry, { fate: 'repeat', repeatOfEntryId: earlier });
        return earlier !== null;
      };
      if (subscription.mode === 'realtime') {
        const now: Entry[] = [];
        const held: Array<{ entry: Entry; until: Date }> = [];
        for (const entry of kept) {
          const earlier = repeatOf(entry);
          const host = comparableHost(entry.link);
          const telling = realtimeTelling({
            isRepeat: earlier !== null,
            isOrigin: isOriginOf(feed, entry.link),
            readerFollowsOrigin: host !== null && (originFollowers.get(host)?.has(user.id) ?? false),
            firstSeenAt: entry.firstSeenAt,
          });
          if (telling.send === 'now') now.push(entry);
          else if (telling.send === 'held') held.push({ entry, until: telling.until });
          else if (telling.send === 'never') isRepeat(entry);
          else if (telling.send === 'instead-of-held-copy') {
            if (!(await this.mail.withdrawHeld(entryEmailKey(earlier!, user.id)))) isRepeat(entry);
            else {
              await this.stories.handOver(user.id, earlier!, {
                entryId: entry.id,
                subscriptionId: subscription.id,
              });
              await this.fates.markRepeat(user.id, earlier!, entry.id);
              now.push(entry);
            }
          }
        }
        // Quiet hours and the daily budget may keep some for later (`InboxRhythmService`).
        const admitted = await this.rhythm.admit(user, subscription, now, repeatOf);
        const emailKey = (entry: Entry) =>
          isBurst(admitted.now.length)
            ? burstEmailKey(feed.id, pollKey, user.id)
            : entryEmailKey(entry.id, user.id);
        for (const entry of admitted.now)
          fates.add(subscription, entry, { fate: 'emailed', emailKey: emailKey(entry) });
        for (const entry of admitted.waiting)
          fates.add(subscription, entry, { fate: 'digest', cadence: admitted.waitFor });
        for (const { entry } of held)
          fates.add(subscription, entry, { fate: 'emailed', emailKey: entryEmailKey(entry.id, user.id) });
        enqueued += await this.sendRealtime(feed, user, subscription, admitted, pollKey);
        for (const { entry, until } of held)
          enqueued += await this.sendEntry(feed, user, subscription, entry, {
            hold: { until, reason: `held until ${until.toISOString()}: ${ORIGIN_HOLD_REASON}` },
          });
      } else {
        const cadence = digestCadenceOf(subscription.mode, subscription.dayOfMonth)!;
        for (const entry of kept)
          if (!isRepeat(entry)) fates.add(subscription, entry, { fate: 'digest', cadence });
        await this.digests.addPending(
          kept.map((entry) => ({
            userId: user.id,
            subscriptionId: subscription.id,
            entryId: entry.id,
            cadence,
            createdAt: entry.firstSeenAt,
            repeatOfEntryId: repeatOf(entry),
          })),
        );
      }
    }
    await this.fates.record(fates.rows);
    return enqueued;
  }

  /** `subscription:entry` → the entry that told the reader this story first, for each repeat. */
  private async repeatedStories(
    plans: ReadonlyArray<{ user: User; subscription: Subscription; kept: readonly Entry[] }>,
  ): Promise<Map<string, string>> {
    const keys = new Map<string, string[]>();
    const keysOf = (entry: Entry) =>
      keys.get(entry.id) ?? keys.set(entry.id, storyKeys(entry)).get(entry.id)!;
    const tellings = plans.flatMap(({ user, subscription, kept }) =>
      kept.map((entry) => ({
        userId: user.id,
        subscriptionId: subscription.id,
        entryId: entry.id,
        firstSeenAt: entry.firstSeenAt,
        keys: keysOf(entry),
      })),
    );
    const verdicts = await this.stories.tell(tellings);
    const repeats = new Map<string, string>();
    tellings.forEach((telling, index) => {
      const earlier = verdicts[index];
      if (earlier) repeats.set(`${telling.subscriptionId}:${telling.entryId}`, earlier.entryId);
    });
    return repeats;
  }

  /**
   * host → the readers who follow, in real time, the site a first telling of this poll links to when
   * this feed is not that site (an aggregator's post): their copy waits for the origin's.
   */
  private async originFollowers(
    feed: FeedRef,
    plans: ReadonlyArray<{ subscription: Subscription; kept: readonly Entry[] }>,
    repeats: ReadonlyMap<string, string>,
  ): Promise<Map<string, Set<string>>> {
    const hosts = new Set<string>();
    for (const { subscription, kept } of plans) {
      if (subscription.mode !== 'realtime') continue;
      for (const entry of kept) {
        const host = comparableHost(entry.link);
        if (host && !repeats.has(`${subscription.id}:${entry.id}`) && !isOriginOf(feed, entry.link))
          hosts.add(host);
      }
    }
    return hosts.size ? this.feeds.realtimeFollowersOfSites([...hosts].slice(0, 50)) : new Map();
  }

  /**
   * One email per entry, or one combined email when a poll brings a burst (named by the poll's first
   * entry); the last email carries the notice, when there is one.
   */
  private async sendRealtime(
    feed: FeedRef,
    user: User,
    subscription: Subscription,
    { now: entries, notice }: AdmittedEntries,
    pollKey: string,
  ): Promise<number> {
    const withNotice = notice ? { notice } : {};
    const to = { userId: user.id, email: user.email };
    const toEmailEntry = (entry: Entry) =>
      this.content.toEmailEntry(entry, { fullText: subscription.fullText });
    if (isBurst(entries.length)) {
      const { shown, headlines } = newestForSection(entries);
      const isNew = await this.mail.sendDigest({
        dedupKey: burstEmailKey(feed.id, pollKey, user.id),
        to,
        title: burstTitle(entries.length, feed.title ?? feed.url),
        isBurst: true,
        sections: composeDigest([
          {
            feed: feedForEmail(feed),
            subscriptionId: subscription.id,
            subjectTag: subscription.subjectTag,
            entries: await Promise.all(shown.map(toEmailEntry)),
            headlines,
          },
        ]),
        ...withNotice,
      });
      return isNew ? 1 : 0;
    }
    let enqueued = 0;
    for (const [index, entry] of entries.entries()) {
      const isLast = index === entries.length - 1;
      enqueued += await this.sendEntry(feed, user, subscription, entry, isLast ? withNotice : {});
    }
    return enqueued;
  }

  /** One entry's email (on hold, with a notice, when given); 1 when it was enqueued now, 0 when it was already. */
  private async sendEntry(
    feed: FeedRef,
    user: User,
    subscription: Subscription,
    entry: Entry,
    { hold, notice }: { hold?: { until: Date; reason: string }; notice?: string } = {},
  ): Promise<number> {
    const isNew = await this.mail.sendEntry({
      dedupKey: entryEmailKey(entry.id, user.id),
      to: { userId: user.id, email: user.email },
      subscriptionId: subscription.id,
      subjectTag: subscription.subjectTag,
      feed: feedForEmail(feed),
      entry: await this.content.toEmailEntry(entry, { fullText: subscription.fullText }),
      hold,
      notice,
    });
    return isNew ? 1 : 0;
  }
}

/** The key of the one email a burst of one poll becomes for one reader. */
function burstEmailKey(feedId: string, pollKey: string, userId: string): string {
  return `burst:${feedId}:${pollKey}:user:${userId}`;
}

/** The key of one entry's real-time email to one reader (what a held copy is withdrawn by). */
function entryEmailKey(entryId: string, userId: string): string {
  return `entry:${entryId}:user:${userId}`;
}
