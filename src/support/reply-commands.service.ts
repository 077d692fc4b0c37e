import { Injectable, Logger } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { Clock } from '../common/clock';
import { FeedsService } from '../feeds/feeds.service';
import { SubscriptionChangesService } from '../feeds/subscription-changes.service';
import { DeliveryCadence, SubscriptionCommand } from '../mail/email-models';
import { MailService } from '../mail/mail.service';
import { OutboxService } from '../mail/outbox.service';
import { readersOwnWords } from './domain/readers-own-words';
import { readReplyCommand } from './domain/reply-command';
import { InboundMail } from './parse-inbound-mail';
import { ReaderReplies } from './reader-reply';

export interface CommandOutcome {
  kind: 'command';
  command: SubscriptionCommand;
  /** How many subscriptions it changed (0: they were gone already, or a repeated delivery). */
  subscriptions: number;
}

/**
 * A reply whose first line of the reader's own words (`readersOwnWords`: the text part, else the HTML,
 * without what the mail client quoted) is a command (pause, resume, stop, a cadence, or `unlimited` for
 * the reader's daily budget; see `readReplyCommand`) acts on the subscriptions of the email replied to,
 * once the reply token has named that email, a person (not an auto-responder) wrote it, and the sender is its reader; it is
 * answered by one confirmation that says how to undo it. Anything else is not a command (null).
 */
@Injectable()
export class ReplyCommandsService {
  private readonly logger = new Logger(ReplyCommandsService.name);

  constructor(
    private readonly outbox: OutboxService,
    private readonly mail: MailService,
    private readonly feeds: FeedsService,
    private readonly changes: SubscriptionChangesService,
    private readonly replies: ReaderReplies,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
  ) {}

  async obey(
    mail: InboundMail,
    repliedToId: string,
    returnPath: string | null,
  ): Promise<CommandOutcome | null> {
    const asked = readReplyCommand(readersOwnWords(mail));
    if (!asked) return null;
    const reply = await this.replies.read(mail, repliedToId, returnPath, 'command');
    if (!reply) return null;
    const { repliedTo, user, answerKey: dedupKey } = reply;
    // One confirmation per message replied with: a message delivered twice changes and says nothing twice.
    if (reply.isAnswered) return { kind: 'command', command: asked.command, subscriptions: 0 };
    const subscriptions = await this.changes.ofUser(user.id, repliedTo.subscriptionIds!);
    const ids = subscriptions.map((subscription) => subscription.id);
    const cadences = [...new Set(subscriptions.map((subscription) => subscription.mode))];
    await this.apply(asked.command, user.id, ids);
    await this.mail.sendCommandConfirmation({
      dedupKey,
      to: reply.answerTo,
      command: asked.command,
      language: asked.language,
      feeds: subscriptions.map(({ feed }) => ({
        id: feed.id,
        title: feed.title,
        url: feed.url,
        siteUrl: feed.siteUrl,
      })),
      subscriptionIds: ids,
      previousCadence: cadences.length === 1 ? (cadences[0] as DeliveryCadence) : null,
      inReplyTo: mail.messageId,
    });
    this.logger.log(`reply command ${asked.command} on ${ids.length} subscription(s) of user ${user.id}`);
    this.outbox.flushSoon('a reply command'); // the reader is waiting for the confirmation
    return { kind: 'command', command: asked.command, subscriptions: ids.length };
  }

  private async apply(command: SubscriptionCommand, userId: string, ids: string[]): Promise<void> {
    if (command === 'pause') return this.changes.pause(userId, ids, this.clock.now());
    if (command === 'resume') return this.changes.resume(userId, ids);
    if (command === 'stop') {
      for (const id of ids) await this.feeds.removeSubscription(id);
      return;
    }
    if (command === 'unlimited') return this.accounts.liftDailyLimit(userId);
    return this.changes.setMode(userId, ids, command);
  }
}
