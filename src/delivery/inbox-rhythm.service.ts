import { Injectable } from '@nestjs/common';
import { User } from '../accounts/accounts.service';
import { Entry } from '../entries/entries.service';
import { FeedsService, Subscription } from '../feeds/feeds.service';
import { MailService } from '../mail/mail.service';
import { DigestRepository, NewPendingItem } from './digest.repository';
import {
  emailsOfPlan,
  endOfLocalDay,
  planRealtime,
  RealtimePlan,
  startOfLocalDay,
} from './domain/realtime-rhythm';
import { InboxBudgetRepository } from './inbox-budget.repository';

/** The real-time entries that go now, the line the last of their emails carries, and those that wait. */
export interface AdmittedEntries {
  now: Entry[];
  notice: string | null;
  waiting: Entry[];
  waitFor: 'quiet' | 'catch-up' | null;
}

/** One reader's real-time entries of a poll that would go now, and the earlier telling of each repeat (pending items keep it). */
export interface RealtimeEntries {
  user: User;
  subscription: Subscription;
  now: readonly Entry[];
  repeatOf: (entry: Entry) => string | null;
}

/**
 * The reader's quiet hours and daily budget over their real-time mail. What may not go now waits as
 * pending digest items, so that the digest machinery sends it once: `quiet` at the quiet hours' end,
 * `catch-up` at the first catch-up hour after the local day it was held on (their digest hour, or
 * midnight when they have no digest), each as one email priced as a digest. A reader's budget is
 * spent under the lock of their day's row (`InboxBudgetRepository`), so that workers delivering two of
 * their feeds at once cannot both send the last email.
 */
@Injectable()
export class InboxRhythmService {
  constructor(
    private readonly mail: MailService,
    private readonly digests: DigestRepository,
    private readonly feeds: FeedsService,
    private readonly budgets: InboxBudgetRepository,
  ) {}

  /**
   * Admits each reader's entries (one answer per reader, in order): the budgets' counts read and the
   * waiting entries stored together for all of them.
   */
  async admitAll(readers: readonly RealtimeEntries[]): Promise<AdmittedEntries[]> {
    // When the poll saw them (`poll --at` moves it), the instant the rules are read at.
    const nowOf = ({ now }: RealtimeEntries) =>
      new Date(Math.max(...now.map((entry) => entry.firstSeenAt.getTime())));
    const hasRhythm = ({ user, now }: RealtimeEntries) =>
      now.length > 0 && (user.maxEmailsPerDay > 0 || user.quietStart !== null);
    const budgeted = readers.filter((reader) => hasRhythm(reader) && reader.user.maxEmailsPerDay > 0);
    const days = new Map(
      budgeted.map((reader) => [
        reader.user.id,
        { userId: reader.user.id, dayStart: startOfLocalDay(reader.user.timezone, nowOf(reader)) },
      ]),
    );
    // Emails of every kind since local midnight; the budget's row adds those admitted but not yet enqueued.
    const sentToday = budgeted.length
      ? await this.mail.countDeliveriesSince(
          [...days.values()].map(({ userId, dayStart }) => ({ userId, since: dayStart })),
        )
      : new Map<string, number>();
    const plans = new Map<RealtimeEntries, RealtimePlan>();
    const planAll = (admittedBefore: ReadonlyMap<string, number>) => {
      const used = new Map<string, number>();
      for (const reader of readers.filter(hasRhythm)) {
        const { user, now: entries } = reader;
        const before =
          used.get(user.id) ?? Math.max(admittedBefore.get(user.id) ?? 0, sentToday.get(user.id) ?? 0);
        const plan = planRealtime(user, nowOf(reader), before, entries.length);
        plans.set(reader, plan);
        if (user.maxEmailsPerDay > 0) used.set(user.id, before + emailsOfPlan(plan, entries.length));
      }
      return used;
    };
    if (days.size) await this.budgets.reserve([...days.values()], planAll);
    else planAll(new Map());

    const waitingItems: NewPendingItem[] = [];
    const admitted: AdmittedEntries[] = [];
    for (const reader of readers) {
      const { user, subscription, now: entries, repeatOf } = reader;
      const plan = plans.get(reader);
      if (!plan) {
        admitted.push({ now: [...entries], notice: null, waiting: [], waitFor: null });
        continue;
      }
      const now = nowOf(reader);
      const oldestFirst = [...entries].sort((a, b) => dateOf(a) - dateOf(b));
      const waiting = oldestFirst.slice(plan.sendCount);
      if (plan.waitFor)
        waitingItems.push(
          ...waiting.map((entry) => ({
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
      admitted.push({ now: oldestFirst.slice(0, plan.sendCount), notice, waiting, waitFor: plan.waitFor });
    }
    await this.digests.addPending(waitingItems);
    return admitted;
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
