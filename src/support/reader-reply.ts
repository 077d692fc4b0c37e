import { Injectable } from '@nestjs/common';
import { AccountsService, User } from '../accounts/accounts.service';
import { newId, sha256Hex } from '../common/ids';
import { OutboxService } from '../mail/outbox.service';
import { machineMailReason } from './domain/machine-mail';
import { isSenderTheReader } from './domain/sender-is-reader';
import { InboundMail } from './parse-inbound-mail';

/** A reply a reader wrote to one of our emails about subscriptions, and the key of our one answer to it. */
export interface ReaderReply {
  repliedTo: NonNullable<Awaited<ReturnType<OutboxService['findById']>>>;
  user: User;
  /** One answer per message replied with (`PREFIX:<email>:<hash of its Message-ID>`). */
  answerKey: string;
  /** Whether that answer exists already (the message was delivered twice). */
  isAnswered: boolean;
  /**
   * Where the answer goes: the address that asked, which is the one the email replied to went to (the
   * account's, or another address of the reader that a feed is delivered to), so that it lands in that thread.
   */
  answerTo: { userId: string; email: string };
}

/**
 * What every answer to a one-word reply checks first: the reply token named an email about
 * subscriptions, a person wrote the reply (not an auto-responder), and the sender is that email's reader.
 */
@Injectable()
export class ReaderReplies {
  constructor(
    private readonly outbox: OutboxService,
    private readonly accounts: AccountsService,
  ) {}

  async read(
    mail: InboundMail,
    repliedToId: string,
    returnPath: string | null,
    answerPrefix: string,
  ): Promise<ReaderReply | null> {
    const machine = machineMailReason({ returnPath, headers: mail.headers, subject: mail.subject });
    const repliedTo = machine ? null : await this.outbox.findById(repliedToId);
    if (!repliedTo?.userId || !repliedTo.subscriptionIds?.length) return null;
    if (!isSenderTheReader(repliedTo.toAddress, { envelopeSender: returnPath, from: mail.from })) return null;
    const [user] = await this.accounts.findByIds([repliedTo.userId]);
    if (!user) return null;
    const answerKey = `${answerPrefix}:${repliedTo.id}:${sha256Hex(mail.messageId ?? newId()).slice(0, 32)}`;
    const isAnswered = (await this.outbox.findByDedupKeys([answerKey])).length > 0;
    return {
      repliedTo,
      user,
      answerKey,
      isAnswered,
      answerTo: { userId: user.id, email: repliedTo.toAddress },
    };
  }
}
