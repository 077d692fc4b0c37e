import { Injectable } from '@nestjs/common';
import { REALTIME_EMAIL_CREDITS } from '../billing/domain/pricing';
import { escapeHtml } from './domain/escape-html';
import {
  DigestEmail,
  EntryEmail,
  FeedProblemEmail,
  LowBalanceEmail,
  SignInEmail,
  SupportReplyEmail,
} from './email-models';
import { OutboxService } from './outbox.service';

/**
 * The one door into the mail module: each method renders one kind of email and enqueues it.
 * Every method returns false when an email with the same dedup key was enqueued before.
 */
@Injectable()
export class MailService {
  constructor(private readonly outbox: OutboxService) {}

  sendEntry(email: EntryEmail): Promise<boolean> {
    const title = email.entry.title ?? email.entry.link ?? 'New post';
    const link = email.entry.link
      ? `<p><a href="${escapeHtml(email.entry.link)}">${escapeHtml(email.entry.link)}</a></p>`
      : '';
    return this.outbox.enqueue({
      dedupKey: email.dedupKey,
      userId: email.to.userId,
      kind: 'entry',
      to: email.to.email,
      fromName: email.feed.title ?? undefined,
      subject: title.replace(/\s+/g, ' ').slice(0, 250),
      html: `<h1>${escapeHtml(title)}</h1>${link}${email.entry.html}`,
      text: `${title}\n${email.entry.link ?? ''}\n\n— ${email.feed.title ?? email.feed.url}, via Tidings\n`,
      cost: REALTIME_EMAIL_CREDITS,
    });
  }

  sendDigest(email: DigestEmail): Promise<boolean> {
    const lines = email.sections.flatMap((section) => [
      section.feed.title ?? section.feed.url,
      ...section.entries.map((entry) => `- ${entry.title ?? entry.link} ${entry.link ?? ''}`),
    ]);
    return this.outbox.enqueue({
      dedupKey: email.dedupKey,
      userId: email.to.userId,
      kind: 'digest',
      to: email.to.email,
      subject: email.title,
      html: `<h1>${escapeHtml(email.title)}</h1><pre>${escapeHtml(lines.join('\n'))}</pre>`,
      text: `${email.title}\n\n${lines.join('\n')}\n`,
      cost: email.cost,
    });
  }

  sendSignIn(email: SignInEmail): Promise<boolean> {
    return this.plain(
      email.dedupKey,
      email.to.userId,
      email.to.email,
      'sign-in',
      'Your Tidings sign-in link',
      `Sign in: ${email.link}`,
    );
  }

  sendLowBalance(email: LowBalanceEmail): Promise<boolean> {
    const text = `Your balance is ${email.balance} credits: deliveries are paused until you buy more at ${email.buyUrl}`;
    return this.plain(
      email.dedupKey,
      email.to.userId,
      email.to.email,
      'low-balance',
      'Your Tidings deliveries are paused',
      text,
    );
  }

  sendFeedProblem(email: FeedProblemEmail): Promise<boolean> {
    const name = email.feed.title ?? email.feed.url;
    const subject = email.problem === 'gone' ? `${name} is gone` : `${name} is failing`;
    return this.plain(
      email.dedupKey,
      email.to.userId,
      email.to.email,
      'feed-problem',
      subject,
      `${subject}: ${email.detail}`,
    );
  }

  sendSupportReply(email: SupportReplyEmail): Promise<boolean> {
    return this.plain(
      email.dedupKey,
      email.to.userId,
      email.to.email,
      'support-reply',
      email.subject,
      email.bodyText,
    );
  }

  private plain(
    dedupKey: string,
    userId: string | null,
    to: string,
    kind: string,
    subject: string,
    text: string,
  ) {
    return this.outbox.enqueue({
      dedupKey,
      userId,
      kind,
      to,
      subject,
      text,
      html: `<p>${escapeHtml(text)}</p>`,
    });
  }
}
