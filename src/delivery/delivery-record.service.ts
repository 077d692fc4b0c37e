import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { Clock } from '../common/clock';
import { EntriesService } from '../entries/entries.service';
import { FeedsService } from '../feeds/feeds.service';
import type { CommandLanguage } from '../mail/email-models';
import { OutboxService } from '../mail/outbox.service';
import { PruneBatch, PruneRequest } from '../db/prune-batch';
import { DigestCadence, digestScheduleOf } from './domain/digest-schedule';
import { issueDate, nextDigestIssue } from './domain/next-digest-issue';
import { EmailState, fateInWords, FateTone, formatInstant } from './domain/post-fate';
import { PostFatesRepository } from './post-fates.repository';

/** One line of a reader's delivery record: a post and what happened to it for them. */
export interface PostRecord {
  title: string;
  link: string | null;
  /** When the post was first seen (its poll), in the reader's timezone. */
  seenAt: string;
  tone: FateTone;
  outcome: string;
}

/**
 * The reader's delivery record of one feed: the newest posts and what happened to each for this reader
 * alone (the fates the planner recorded, the emails as the outbox has them now). Everything is read by
 * the reader's id: another reader's fates and emails are never found.
 */
@Injectable()
export class DeliveryRecordService {
  constructor(
    private readonly fates: PostFatesRepository,
    private readonly entries: EntriesService,
    private readonly feeds: FeedsService,
    private readonly outbox: OutboxService,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
  ) {}

  /** The latest `limit` posts of the feed and what became of each for the user, in `language`'s words. */
  async recordOf(
    userId: string,
    feedId: string,
    limit: number,
    language: CommandLanguage,
  ): Promise<PostRecord[]> {
    const [user] = await this.accounts.findByIds([userId]);
    const fates = user ? await this.fates.latestOf(userId, feedId, limit) : [];
    if (!user || fates.length === 0) return [];
    const repeatsOf = fates.flatMap((fate) => (fate.fate === 'repeat' && fate.repeatOfEntryId) || []);
    const headlines = new Map(
      (await this.entries.headlinesOf([...fates.map((fate) => fate.entryId), ...repeatsOf])).map((entry) => [
        entry.id,
        entry,
      ]),
    );
    const feedNames = await this.feedNames(
      userId,
      [...headlines.values()].map((entry) => entry.feedId),
    );
    const keys = [...new Set(fates.flatMap((fate) => fate.emailKey ?? []))];
    const emails = new Map(
      (await this.outbox.emailsOf(userId, keys)).map((email) => [email.dedupKey, email]),
    );
    const now = this.clock.now();
    const hasDigest = fates.some((fate) => fate.cadence === 'catch-up')
      ? (await this.feeds.subscriptionsOfUser(userId)).some(({ mode }) => mode !== 'realtime')
      : false;
    const schedule = digestScheduleOf(user, hasDigest);
    const digestDates = new Map<string, string | null>();
    const digestDate = (cadence: string) => {
      if (!digestDates.has(cadence)) {
        const issue = nextDigestIssue(cadence as DigestCadence, schedule, now);
        digestDates.set(cadence, issue && issueDate(issue));
      }
      return digestDates.get(cadence)!;
    };
    // Newest first: by poll, and within one poll by the posts' own dates.
    const published = (entryId: string) => headlines.get(entryId)?.publishedAt?.getTime() ?? 0;
    const newestFirst = [...fates].sort(
      (a, b) => b.seenAt.getTime() - a.seenAt.getTime() || published(b.entryId) - published(a.entryId),
    );
    return newestFirst.map((fate) => {
      const entry = headlines.get(fate.entryId);
      const first = fate.repeatOfEntryId ? headlines.get(fate.repeatOfEntryId) : undefined;
      const email: EmailState | null = (fate.emailKey && emails.get(fate.emailKey)) || null;
      const { tone, words } = fateInWords(
        {
          ...fate,
          firstTelling: first
            ? {
                title: first.title ?? first.link ?? 'a post',
                feedName: feedNames.get(first.feedId) ?? 'another feed',
              }
            : null,
          email,
          digestDate: fate.fate === 'digest' && !email && fate.cadence ? digestDate(fate.cadence) : null,
          removedAt: entry?.removedAt ?? null,
        },
        user.timezone,
        language,
      );
      return {
        title: entry?.title ?? entry?.link ?? 'Untitled post',
        link: entry?.link ?? null,
        seenAt: formatInstant(fate.seenAt, user.timezone, language),
        tone,
        outcome: words,
      };
    });
  }

  /** Retention: one batch of old fates is deleted (the posts' own rows keep what dedup needs). */
  deleteOld(request: PruneRequest): Promise<PruneBatch> {
    return this.fates.deleteOld(request);
  }

  /** The names of these feeds as the reader knows them (their own subscriptions first). */
  private async feedNames(userId: string, feedIds: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const { feed } of await this.feeds.subscriptionsOfUser(userId))
      names.set(feed.id, feed.title ?? feed.url);
    for (const feedId of new Set(feedIds))
      if (!names.has(feedId)) {
        const feed = await this.feeds.getFeed(feedId).catch(() => null);
        if (feed) names.set(feed.id, feed.title ?? feed.url);
      }
    return names;
  }
}
