import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import {
  entryTitle,
  entryUpdateView,
  entryView,
  excerpt,
  feedName,
  feedProblemView,
  shortenedEntryView,
  subjectLine,
} from './domain/email-views';
import { Complaint, ComplaintOutcome, ComplaintRecorder } from './complaint-recorder';
import { commandConfirmationView } from './domain/command-confirmation';
import { deliveryRecordView } from './domain/delivery-record-view';
import { digestView, trimSteps } from './domain/digest-view';
import { AddressPurpose, outboxIdFromAddress, readSignedAddress } from './domain/mail-tokens';
import { sharedTag, taggedSubject } from './domain/subject-tag';
import { EmailComposer } from './email-composer';
import {
  AddressConfirmationEmail,
  CommandConfirmationEmail,
  DeliveryRecordEmail,
  DigestEmail,
  EntryEmail,
  EntryUpdateEmail,
  FeedForEmail,
  FeedProblemEmail,
  LowBalanceEmail,
  RealtimeEmail,
  SignInEmail,
  SupportReplyEmail,
} from './email-models';
import { EmailToSend, OutboxService } from './outbox.service';

/** The kinds of email that carry posts: what a reader's daily budget counts. */
const DELIVERY_KINDS = ['entry', 'digest', 'entry-update'];

/**
 * The one door into the mail module: each method renders one kind of email and enqueues it.
 * Every method returns false when an email with the same dedup key was enqueued before.
 */
@Injectable()
export class MailService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly composer: EmailComposer,
    private readonly complaints: ComplaintRecorder,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    // The gate held an email because its user cannot pay: tell them, once per episode (the notice's key).
    outbox.onHeld((held, notice) =>
      this.sendLowBalance({ ...notice, to: { userId: held.userId!, email: held.toAddress } }),
    );
  }

  sendEntry(email: EntryEmail): Promise<boolean> {
    return this.outbox.enqueue(this.composeEntry(email));
  }

  /**
   * How many posts' emails (one each, digests, bursts, updates) each user was sent since their `since`:
   * their daily budget's count (none: absent). One read per instant (readers of one timezone share their
   * local day's start) and few hundred users.
   */
  async countDeliveriesSince(
    readers: ReadonlyArray<{ userId: string; since: Date }>,
  ): Promise<Map<string, number>> {
    const bySince = new Map<number, string[]>();
    for (const { userId, since } of readers)
      (bySince.get(since.getTime()) ?? bySince.set(since.getTime(), []).get(since.getTime())!).push(userId);
    const counts = new Map<string, number>();
    for (const [since, userIds] of bySince) {
      const found = await this.outbox.countsOfKindsSince(userIds, DELIVERY_KINDS, new Date(since));
      for (const [userId, count] of found) counts.set(userId, count);
    }
    return counts;
  }

  /** "Updated: TITLE": what changed in a post the reader got, priced as an email with one post. */
  sendEntryUpdate(email: EntryUpdateEmail): Promise<boolean> {
    const name = feedName(email.feed);
    const view = entryUpdateView(email);
    return this.outbox.enqueue(
      this.composer.compose({
        template: 'entry-update',
        dedupKey: email.dedupKey,
        to: email.to,
        fromName: name,
        subject: subjectLine(taggedSubject(email.subjectTag, `Updated: ${view.title}`)),
        preview:
          excerpt(view.added[0] ?? (view.titleBefore ? `The title was “${view.titleBefore}”.` : ''), 140) ??
          '',
        view,
        footerNote: `You get this email because you asked to hear when a post of ${name} you got is edited.`,
        list: feedList(email.feed, [email.subscriptionId]),
        feedCount: 1,
      }),
    );
  }

  /** Takes back an email sent on hold while it still waits; false when it is on its way or gone. */
  withdrawHeld(dedupKey: string): Promise<boolean> {
    return this.outbox.withdrawHeld(dedupKey);
  }

  /** The HTML of this entry email exactly as `sendEntry` would send it, enqueueing nothing (dashboard preview). */
  previewEntry(email: EntryEmail): string {
    return this.composeEntry(email).html;
  }

  /**
   * A digest (or a burst) trimmed to fit Gmail's clip: excerpts become headlines, and only what even
   * headlines cannot fit becomes "and N more" lines.
   */
  sendDigest(email: DigestEmail): Promise<boolean> {
    return this.outbox.enqueue(this.composeDigest(email));
  }

  /**
   * Digests as `sendDigest` sends them, enqueued together; one whose dedup key was enqueued before is
   * skipped. Returns how many were enqueued now.
   */
  sendDigests(emails: readonly DigestEmail[]): Promise<number> {
    return this.outbox.enqueueAll(emails.map((email) => this.composeDigest(email)));
  }

  /**
   * Posts' emails and bursts as `sendEntry` and `sendDigest` send them, enqueued together (a fan-out's
   * readers a few hundred per statement); one whose dedup key was enqueued before is skipped. Returns
   * how many were enqueued now.
   */
  sendRealtime(emails: readonly RealtimeEmail[]): Promise<number> {
    return this.outbox.enqueueAll(
      emails.map((email) =>
        'entry' in email ? this.composeEntry(email.entry) : this.composeDigest(email.burst),
      ),
    );
  }

  sendSignIn(email: SignInEmail): Promise<boolean> {
    return this.outbox.enqueue(
      this.composer.compose({
        template: 'sign-in',
        dedupKey: email.dedupKey,
        to: email.to,
        subject: 'Your Tidings sign-in link',
        preview: `Sign in to Tidings: the link expires in ${email.expiresInMinutes} minutes.`,
        view: { link: email.link, expiresInMinutes: email.expiresInMinutes },
        footerNote: 'You get this email because someone asked to sign in to Tidings with this address.',
      }),
    );
  }

  sendAddressConfirmation(email: AddressConfirmationEmail): Promise<boolean> {
    const name = feedName(email.feed);
    return this.outbox.enqueue(
      this.composer.compose({
        template: 'address-confirmation',
        dedupKey: email.dedupKey,
        to: email.to,
        subject: `Confirm this address for ${name}`,
        preview: `${email.accountEmail} asked to send ${name} here: nothing comes until you confirm.`,
        view: {
          link: email.link,
          accountEmail: email.accountEmail,
          feedName: name,
          validDays: email.validDays,
        },
        footerNote: 'You get this email because a Tidings reader asked to send a feed to this address.',
      }),
    );
  }

  sendLowBalance(email: LowBalanceEmail): Promise<boolean> {
    return this.outbox.enqueue(
      this.composer.compose({
        template: 'low-balance',
        dedupKey: email.dedupKey,
        to: email.to,
        subject: 'Your Tidings deliveries are paused',
        preview: `Your balance is ${email.balance} credits: add credits to resume your emails.`,
        view: { balance: email.balance, buyUrl: email.buyUrl, prices: email.prices },
        footerNote: 'You get this email because your Tidings deliveries paused.',
      }),
    );
  }

  sendFeedProblem(email: FeedProblemEmail): Promise<boolean> {
    const publicUrl = this.config.PUBLIC_URL;
    const view = feedProblemView(email, (site) => `${publicUrl}/feeds/add?url=${encodeURIComponent(site)}`);
    const name = feedName(email.feed);
    return this.outbox.enqueue(
      this.composer.compose({
        template: 'feed-problem',
        dedupKey: email.dedupKey,
        to: email.to,
        subject: subjectLine(taggedSubject(email.subjectTag, view.subject)),
        preview: view.explanation,
        view,
        footerNote: `You get this email because you subscribed to ${name} with Tidings.`,
        list: email.subscriptionId ? feedList(email.feed, [email.subscriptionId]) : undefined,
      }),
    );
  }

  sendSupportReply(email: SupportReplyEmail): Promise<boolean> {
    // RFC 3834: an acknowledgement is auto-replied; an agent's answer is written by a person.
    const headers: Record<string, string> = { 'Auto-Submitted': email.isAutoReply ? 'auto-replied' : 'no' };
    if (email.references.length) {
      headers['In-Reply-To'] = email.references.at(-1)!;
      headers.References = email.references.join(' ');
    }
    return this.outbox.enqueue(
      this.composer.compose({
        template: 'support-reply',
        dedupKey: email.dedupKey,
        to: email.to,
        fromName: this.config.MAIL_FROM.name ?? 'Tidings support',
        subject: subjectLine(email.subject),
        preview: excerpt(email.bodyText, 140) ?? '',
        view: { bodyText: email.bodyText },
        footerNote: 'You get this email because you wrote to Tidings support.',
        headers,
      }),
    );
  }

  /** Answers a reply command (RFC 3834: an automatic response, threaded under the reader's message). */
  sendCommandConfirmation(email: CommandConfirmationEmail): Promise<boolean> {
    const publicUrl = this.config.PUBLIC_URL;
    const view = commandConfirmationView(email, {
      feedsPage: `${publicUrl}/feeds`,
      accountPage: `${publicUrl}/account`,
      subscribeAgain: (feedUrl) => `${publicUrl}/subscribe?url=${encodeURIComponent(feedUrl)}`,
    });
    const headers = threadedAutoReply(email.inReplyTo);
    return this.outbox.enqueue(
      this.composer.compose({
        template: 'command-confirmation',
        dedupKey: email.dedupKey,
        to: email.to,
        subject: subjectLine(view.headline),
        preview: view.explanation,
        view,
        footerNote: view.footerNote,
        headers,
        subscriptionIds: email.subscriptionIds,
      }),
    );
  }

  /**
   * Answers a reply asking "why", in the language it asked in (RFC 3834: an automatic response, threaded
   * under the reader's message).
   */
  sendDeliveryRecord(email: DeliveryRecordEmail): Promise<boolean> {
    const answer = deliveryRecordView(email, this.config.PUBLIC_URL);
    return this.outbox.enqueue(
      this.composer.compose({
        template: 'delivery-record',
        dedupKey: email.dedupKey,
        to: email.to,
        subject: subjectLine(answer.subject),
        preview: answer.preview,
        view: answer.view,
        footerNote: answer.footerNote,
        headers: threadedAutoReply(email.inReplyTo),
        subscriptionIds: email.feeds.map(({ subscriptionId }) => subscriptionId),
      }),
    );
  }

  /**
   * A bounce report (DSN) arrived at one of our VERP addresses: for the inbound module. Returns false
   * when the address is not one we signed.
   */
  async recordBounce(bounceAddress: string, detail: string): Promise<boolean> {
    const outboxEmailId = outboxIdFromAddress(this.config.SECRET_KEY, 'bounce', bounceAddress);
    return outboxEmailId !== null && this.outbox.recordBounce(outboxEmailId, detail);
  }

  /** A delay report (DSN, 4.x.x) to one of our VERP addresses only counts; false when not ours. */
  async recordDelay(bounceAddress: string): Promise<boolean> {
    const outboxEmailId = outboxIdFromAddress(this.config.SECRET_KEY, 'bounce', bounceAddress);
    return outboxEmailId !== null && this.outbox.recordDelay(outboxEmailId);
  }

  /**
   * A feedback-loop report (a reader pressed "this is spam"), for the inbound module: ends the
   * subscriptions of the email it names, stops subscribed mail to that reader, and counts it.
   */
  recordComplaint(complaint: Complaint): Promise<ComplaintOutcome> {
    return this.complaints.record(complaint);
  }

  /** How many complaints arrived since that instant (ever, without one). */
  countComplaints(since?: Date): Promise<number> {
    return this.complaints.countSince(since);
  }

  /**
   * For inbound mail: null for an address we did not make, else its purpose and the outbox row its
   * token names (null when the token is forged).
   */
  readSignedAddress(address: string): { purpose: AddressPurpose; outboxId: string | null } | null {
    return readSignedAddress(this.config.SECRET_KEY, address);
  }

  /** The outbox row a reply was sent to (its Reply-To address), or null: for the support module. */
  emailIdOfReplyAddress(replyAddress: string): string | null {
    return outboxIdFromAddress(this.config.SECRET_KEY, 'reply', replyAddress);
  }

  private composeDigest(email: DigestEmail): EmailToSend {
    const unsubscribeUrl = (ids: string[]) => this.composer.unsubscribeUrlFor(ids);
    const view = digestView(email, unsubscribeUrl);
    const subscriptionIds = email.sections.map((section) => section.subscriptionId);
    const burstFeed = email.isBurst && email.sections.length === 1 ? email.sections[0].feed : null;
    const tag = sharedTag(email.sections.map((section) => section.subjectTag));
    return this.composer.compose(
      {
        template: 'digest',
        dedupKey: email.dedupKey,
        to: email.to,
        subject: subjectLine(taggedSubject(tag, email.title)),
        preview: view.summary,
        view,
        footerNote: 'You get this digest because you subscribed to these feeds with Tidings.',
        list: burstFeed
          ? feedList(burstFeed, subscriptionIds)
          : { key: 'digest', name: 'Tidings digest', subscriptionIds },
        feedCount: email.sections.length,
      },
      { steps: trimSteps(email), view: (step) => digestView(email, unsubscribeUrl, step) },
    );
  }

  private composeEntry(email: EntryEmail): EmailToSend {
    const name = feedName(email.feed);
    const view = entryView(email);
    const composed = this.composer.compose(
      {
        template: 'entry',
        dedupKey: email.dedupKey,
        to: email.to,
        fromName: name,
        subject: subjectLine(taggedSubject(email.subjectTag, entryTitle(email.entry))),
        preview: excerpt(view.bodyText, 140) ?? '',
        view,
        footerNote: `You get this email because you subscribed to ${name} with Tidings.`,
        list: feedList(email.feed, [email.subscriptionId]),
        feedCount: 1,
      },
      { steps: 1, view: () => shortenedEntryView(email) },
    );
    return { ...composed, hold: email.hold };
  }
}

/** The list of one feed's emails: named by the feed, for mail filters (List-Id, X-Tidings-Feed). */
function feedList(feed: FeedForEmail, subscriptionIds: string[]) {
  return { key: feed.id, name: feedName(feed), subscriptionIds, feedUrl: feed.url };
}

/** An automatic answer (RFC 3834) threaded under the reader's message. */
function threadedAutoReply(inReplyTo: string | null): Record<string, string> {
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-replied' };
  if (inReplyTo) Object.assign(headers, { 'In-Reply-To': inReplyTo, References: inReplyTo });
  return headers;
}
