import { Injectable } from '@nestjs/common';
import { AccountsService } from '../../accounts/accounts.service';
import { BillingService } from '../../billing/billing.service';
import { EntriesService } from '../../entries/entries.service';
import { FeedsService } from '../../feeds/feeds.service';
import { OutboxService } from '../../mail/outbox.service';

interface ThreadForContext {
  userId: string | null;
  fromAddress: string;
  contextSubject: string | null;
  contextKind: string | null;
  contextEntryId: string | null;
}

/** What an agent needs to know beside a thread: who wrote, their account, and what they replied to. */
@Injectable()
export class SupportContext {
  constructor(
    private readonly accounts: AccountsService,
    private readonly billing: BillingService,
    private readonly feeds: FeedsService,
    private readonly entries: EntriesService,
    private readonly outbox: OutboxService,
  ) {}

  async userContext(thread: ThreadForContext) {
    const [user] = thread.userId ? await this.accounts.findByIds([thread.userId]) : [];
    const [entry] = thread.contextEntryId ? await this.entries.findByIds([thread.contextEntryId]) : [];
    const repliedTo = thread.contextSubject
      ? {
          subject: thread.contextSubject,
          kind: thread.contextKind,
          entry: entry ? { title: entry.title, link: entry.link } : null,
        }
      : null;
    if (!user) return { email: thread.fromAddress, isKnown: false, repliedTo };
    const subscriptions = await this.feeds.subscriptionsOfUser(user.id);
    return {
      email: user.email,
      isKnown: true,
      timezone: user.timezone,
      balance: await this.billing.balanceOf(user.id),
      heldEmails: await this.outbox.countHeld(user.id),
      subscriptions: subscriptions.map((subscription) => ({
        title: subscription.feed.title ?? subscription.feed.url,
        url: subscription.feed.url,
        mode: subscription.mode,
        status: subscription.feed.status,
      })),
      repliedTo,
    };
  }
}
