import { Injectable, Logger } from '@nestjs/common';
import { DeliveryRecordService } from '../delivery/delivery-record.service';
import { FeedsService } from '../feeds/feeds.service';
import { MailService } from '../mail/mail.service';
import { OutboxService } from '../mail/outbox.service';
import { readersOwnWords } from './domain/readers-own-words';
import { readRecordQuestion } from './domain/record-question';
import { InboundMail } from './parse-inbound-mail';
import { ReaderReplies } from './reader-reply';

export interface RecordQuestionOutcome {
  kind: 'record-question';
  /** How many feeds the answer covers (0: a repeated delivery, answered before). */
  feeds: number;
}

/** How many of each feed's latest posts the answer lists. */
const POSTS_PER_FEED = 10;
/** How many feeds of a digest one answer covers (each feed's page lists the others). */
const FEEDS_PER_ANSWER = 5;

/**
 * A reply whose first line of the reader's own words asks "why" (or pourquoi, warum, por qué) is
 * answered, in the same thread and in the language it asked in, with what happened to the latest posts of the feeds of the email
 * replied to, for that reader alone; checked as reply commands are (`ReaderReplies`).
 */
@Injectable()
export class RecordQuestionsService {
  private readonly logger = new Logger(RecordQuestionsService.name);

  constructor(
    private readonly replies: ReaderReplies,
    private readonly feeds: FeedsService,
    private readonly record: DeliveryRecordService,
    private readonly mail: MailService,
    private readonly outbox: OutboxService,
  ) {}

  async answer(
    mail: InboundMail,
    repliedToId: string,
    returnPath: string | null,
  ): Promise<RecordQuestionOutcome | null> {
    const question = readRecordQuestion(readersOwnWords(mail));
    if (!question) return null;
    const reply = await this.replies.read(mail, repliedToId, returnPath, 'why');
    if (!reply) return null;
    if (reply.isAnswered) return { kind: 'record-question', feeds: 0 };
    const { user, repliedTo } = reply;
    const wanted = new Set(repliedTo.subscriptionIds);
    const subscriptions = (await this.feeds.subscriptionsOfUser(user.id)).filter(({ id }) => wanted.has(id));
    const feeds = [];
    for (const subscription of subscriptions.slice(0, FEEDS_PER_ANSWER))
      feeds.push({
        feed: subscription.feed,
        subscriptionId: subscription.id,
        posts: await this.record.recordOf(user.id, subscription.feed.id, POSTS_PER_FEED, question.language),
      });
    await this.mail.sendDeliveryRecord({
      dedupKey: reply.answerKey,
      to: reply.answerTo,
      feeds,
      otherFeeds: subscriptions.length - feeds.length,
      language: question.language,
      inReplyTo: mail.messageId,
    });
    this.logger.log(`answered why about ${feeds.length} feed(s) for user ${user.id}`);
    this.outbox.flushSoon('an answer to why'); // the reader is waiting for it
    return { kind: 'record-question', feeds: feeds.length };
  }
}
