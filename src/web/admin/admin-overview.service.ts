import { Injectable } from '@nestjs/common';
import { AccountsService } from '../../accounts/accounts.service';
import { BillingService } from '../../billing/billing.service';
import { Clock } from '../../common/clock';
import { EntriesService } from '../../entries/entries.service';
import { FeedsService } from '../../feeds/feeds.service';
import { MailService } from '../../mail/mail.service';
import { OutboxService } from '../../mail/outbox.service';
import { SupportDeskService } from '../../support/support-desk.service';
import { adminFigures, waitingReason } from '../domain/admin-figures';
import { formatInstant } from '../domain/format';

/** How many rows each list of the page shows. */
const LIST_LIMIT = 20;
const RECENT_EMAILS = 10;

/** What the admin page shows, read through each module's service (the same figures as /metrics). */
@Injectable()
export class AdminOverview {
  constructor(
    private readonly accounts: AccountsService,
    private readonly feeds: FeedsService,
    private readonly entries: EntriesService,
    private readonly outbox: OutboxService,
    private readonly billing: BillingService,
    private readonly mail: MailService,
    private readonly desk: SupportDeskService,
    private readonly clock: Clock,
  ) {}

  async overview(timezone: string) {
    const now = this.clock.now();
    const [users, feedsByStatus, entries, census, creditTotalsByKind, complaints, support] =
      await Promise.all([
        this.accounts.countUsers(),
        this.feeds.countByStatus(),
        this.entries.count(),
        this.outbox.census(),
        this.billing.creditTotalsByKind(),
        this.mail.countComplaints(),
        this.desk.census(),
      ]);
    const figures = adminFigures(
      {
        users,
        feedsByStatus,
        entries,
        emailsByStatusAndKind: census.byStatusAndKind,
        oldestPendingAt: census.oldestPendingAt,
        creditTotalsByKind,
        complaints,
        support,
      },
      now,
    );
    const when = (instant: Date | null) => formatInstant(instant, timezone);
    const failing = (await this.feeds.failingFeeds(LIST_LIMIT)).map((feed) => ({
      url: feed.url,
      status: feed.status,
      errorCount: feed.errorCount,
      lastError: feed.lastError ?? '—',
      failingSince: when(feed.failingSince),
    }));
    const waiting = (await this.outbox.oldestWaiting(LIST_LIMIT)).map((email) => ({
      to: email.toAddress,
      kind: email.kind,
      subject: email.subject,
      enqueued: when(email.createdAt),
      reason: waitingReason(email, now),
    }));
    const suppressions = (await this.outbox.listSuppressions(LIST_LIMIT)).map((suppression) => ({
      address: suppression.address,
      reason: suppression.reason,
      scope: suppression.scope,
      since: when(suppression.createdAt),
    }));
    return { figures, failing, waiting, suppressions };
  }

  /** Users whose address contains `text`, each with credits, subscriptions and recent emails. */
  async searchUsers(text: string, timezone: string) {
    const users = await this.accounts.searchByEmail(text, LIST_LIMIT);
    return Promise.all(
      users.map(async (user) => ({
        email: user.email,
        role: user.role,
        balance: await this.billing.balanceOf(user.id),
        subscriptions: (await this.feeds.subscriptionsOfUser(user.id)).map((subscription) => ({
          url: subscription.feed.url,
          mode: subscription.mode,
          isPaused: Boolean(subscription.pausedAt),
        })),
        emails: (await this.outbox.recentEmailsOf(user.id, RECENT_EMAILS)).map((email) => ({
          subject: email.subject,
          kind: email.kind,
          status: email.status,
          enqueued: formatInstant(email.createdAt, timezone),
        })),
      })),
    );
  }
}
