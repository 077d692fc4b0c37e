import { Injectable } from '@nestjs/common';
import { AccountsService, User } from '../accounts/accounts.service';
import { Clock } from '../common/clock';
import { comparableHost } from '../common/comparable-url';
import { RandomNumbers } from '../common/random-numbers';
import { chunksOf } from '../db/chunked';
import { Entry } from '../entries/entries.service';
import { FeedRef, FeedsService, Subscription } from '../feeds/feeds.service';
import { RealtimeEmail } from '../mail/email-models';
import { MailService } from '../mail/mail.service';
import { DigestRepository, NewPendingItem } from './digest.repository';
import { isBurst } from './domain/burst';
import { digestCadenceOf } from './domain/digest-schedule';
import { judgeEntries } from './domain/filter-entries';
import { ORIGIN_HOLD_REASON } from './domain/post-fate';
import { storyKeys } from './domain/story-keys';
import { isOriginOf, realtimeTelling } from './domain/story-origin';
import { EmailEntryOf, EntryContentProvider } from './entry-content.provider';
import { InboxRhythmService, RealtimeEntries } from './inbox-rhythm.service';
import { PollFates } from './poll-fates';
import { PostFatesRepository } from './post-fates.repository';
import { burstEmailKey, entryEmailKey, RealtimeReader, realtimeEmails } from './realtime-emails';
import { StoryMemoryRepository } from './story-memory.repository';

/**
 * Real-time readers planned together: their budgets read and their emails rendered and stored a batch
 * at a time (a statement or a few each), which also bounds the rendered emails held in memory.
 */
const READERS_PER_BATCH = 500;

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
    const realtime: Array<RealtimeReader & RealtimeEntries> = [];
    const waitingForDigests: NewPendingItem[] = [];
    for (const { user, subscription, kept } of plans) {
      const repeatOf = (entry: Entry) => repeats.get(`${subscription.id}:${entry.id}`) ?? null;
      const isRepeat = (entry: Entry) => {
        const earlier = repeatOf(entry);
        if (earlier) fates.add(subscription, entry, { fate: 'repeat', repeatOfEntryId: earlier });
        return earlier !== null;
      };
      if (subscription.mode === 'realtime') {
        const reader = {
          user,
          subscription,
          now: [] as Entry[],
          held: [] as RealtimeReader['held'],
          repeatOf,
        };
        for (const entry of kept) {
          const earlier = repeatOf(entry);
          const host = comparableHost(entry.link);
          const telling = realtimeTelling({
            isRepeat: earlier !== null,
            isOrigin: isOriginOf(feed, entry.link),
            readerFollowsOrigin: host !== null && (originFollowers.get(host)?.has(user.id) ?? false),
            firstSeenAt: entry.firstSeenAt,
          });
          if (telling.send === 'now') reader.now.push(entry);
          else if (telling.send === 'held') {
            const reason = `held until ${telling.until.toISOString()}: ${ORIGIN_HOLD_REASON}`;
            reader.held.push({ entry, until: telling.until, reason });
          } else if (telling.send === 'never') isRepeat(entry);
          else if (telling.send === 'instead-of-held-copy') {
            if (!(await this.mail.withdrawHeld(entryEmailKey(earlier!, user.id)))) isRepeat(entry);
            else {
              await this.stories.handOver(user.id, earlier!, {
                entryId: entry.id,
                subscriptionId: subscription.id,
              });
              await this.fates.markRepeat(user.id, earlier!, entry.id);
              reader.now.push(entry);
            }
          }
        }
        realtime.push(reader);
      } else {
        const cadence = digestCadenceOf(subscription.mode, subscription.dayOfMonth)!;
        for (const entry of kept) {
          if (!isRepeat(entry)) fates.add(subscription, entry, { fate: 'digest', cadence });
          waitingForDigests.push({
            userId: user.id,
            subscriptionId: subscription.id,
            entryId: entry.id,
            cadence,
            createdAt: entry.firstSeenAt,
            repeatOfEntryId: repeatOf(entry),
          });
        }
      }
    }
    await this.digests.addPending(waitingForDigests);
    const pollKey = entries.map((entry) => entry.id).sort()[0];
    const emailEntryOf = this.content.forBatch();
    let enqueued = 0;
    for (const readers of chunksOf(realtime, READERS_PER_BATCH))
      enqueued += await this.sendRealtime(feed, readers, { pollKey, fates, emailEntryOf });
    await this.fates.record(fates.rows);
    return enqueued;
  }

  /**
   * Real-time readers' emails, a batch of readers at a time: their quiet hours and budgets read
   * together (`InboxRhythmService`, which may keep some entries for later), their emails stored together.
   */
  private async sendRealtime(
    feed: FeedRef,
    readers: ReadonlyArray<RealtimeReader & RealtimeEntries>,
    { pollKey, fates, emailEntryOf }: { pollKey: string; fates: PollFates; emailEntryOf: EmailEntryOf },
  ): Promise<number> {
    const admissions = await this.rhythm.admitAll(readers);
    const emails: RealtimeEmail[] = [];
    for (const [index, reader] of readers.entries()) {
      const { user, subscription, held } = reader;
      const admitted = admissions[index];
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
      emails.push(...(await realtimeEmails(feed, reader, admitted, pollKey, emailEntryOf)));
    }
    return this.mail.sendRealtime(emails);
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
}
