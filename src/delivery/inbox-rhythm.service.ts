import { Injectable } from '@nestjs/common';
import { User } from '../accounts/accounts.service';
import { Entry } from '../entries/entries.service';
import { FeedsService, Subscription } from '../feeds/feeds.service';
import { MailService } from '../mail/mail.service';
import { DigestRepository } from './digest.repository';
import { endOfLocalDay, planRealtime, startOfLocalDay } from './domain/realtime-rhythm';

/** The real-time entries that go now, the line the last of their emails carries, and those that wait. */
export interface AdmittedEntries {
  now: Entry[];
  notice: string | null;
  waiting: Entry[];
  waitFor: 'quiet' | 'catch-up' | null;
}

/**
 * The reader's quiet hours and daily budget over their real-time mail. What may not go now waits as
 * pending digest items, so that the digest machinery sends it once: `quiet` at the quiet hours' end,
 * `catch-up` at the first catch-up hour after the local day it was held on (their digest hour, or
 * midnight when they have no digest), each as one email priced as a digest.
 */
@Injectable()
export class InboxRhythmService {
  constructor(
    private readonly mail: MailService,
    private readonly digests: DigestRepository,
    private readonly feeds: FeedsService,
  ) {}

  async admit(
    user: User,
    subscription: Subscription,
    entries: readonly Entry[],
    repeatOf: (entry: Entry) => string | null,
  ): Promise<AdmittedEntries> {
    const hasRhythm = user.maxEmailsPerDay > 0 || user.quietStart !== null;
    if (!hasRhythm || entries.length === 0)
      return { now: [...entries], notice: null, waiting: [], waitFor: null };
    // When the poll saw them (`poll --at` moves it), the instant the rules are read at.
    const now = new Date(Math.max(...entries.map((entry) => entry.firstSeenAt.getTime())));
    const sentToday =
      user.maxEmailsPerDay > 0
        ? await this.mail.countDeliveriesSince(user.id, startOfLocalDay(user.timezone, now))
        : 0;
    const plan = planRealtime(user, now, sentToday, entries.length);
    const oldestFirst = [...entries].sort((a, b) => dateOf(a) - dateOf(b));
    const waiting = oldestFirst.slice(plan.sendCount);
    if (plan.waitFor)
      await this.digests.addPending(
        waiting.map((entry) => ({
          userId: user.id,
          subscriptionId: subscription.id,
          entryId: entry.id,
          cadence: plan.waitFor!,
          // A catch-up takes the whole local day's held posts at once: they join it when the day ends.
          createdAt: plan.waitFor === 'catch-up' ? endOfLocalDay(user.timezone, now) : entry.firstSeenAt,
          repeatOfEntryId: repeatOf(entry),
        })),
      );
    const notice = plan.reachesBudget ? await this.budgetNotice(user) : null;
    return { now: oldestFirst.slice(0, plan.sendCount), notice, waiting, waitFor: plan.waitFor };
  }

  /** The one line of the email that reaches the reader's budget: what happens next, how to lift it. */
  private async budgetNotice(user: User): Promise<string> {
    const subscriptions = await this.feeds.subscriptionsOfUser(user.id);
    const hasDigest = subscriptions.some((subscription) => subscription.mode !== 'realtime');
    const hour = `${String(hasDigest ? user.digestHour : 0).padStart(2, '0')}:00`;
    return (
      `This is email ${user.maxEmailsPerDay} of your ${user.maxEmailsPerDay} a day: the rest of today’s posts ` +
      `will come together in one catch-up email at ${hour}. Reply “unlimited” to lift the limit.`
    );
  }
}

function dateOf(entry: Entry): number {
  return (entry.publishedAt ?? entry.firstSeenAt).getTime();
}
