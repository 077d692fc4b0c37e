import { Inject, Injectable, Logger } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { DomainError } from '../common/errors';
import { newId } from '../common/ids';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { MailService } from '../mail/mail.service';
import { OutboxService } from '../mail/outbox.service';
import { AcknowledgementsService } from './acknowledgements.service';
import { BouncesService } from './bounces.service';
import { ComplaintsService, ComplaintVerdict } from './complaints.service';
import { attachmentRefusal, declaredType, safeFilename } from './domain/attachment-rules';
import { entryIdOfDedupKey } from './domain/outbox-context';
import { parseFeedbackReport } from './domain/parse-feedback-report';
import { isSenderTheReader, MessageSender } from './domain/sender-is-reader';
import { InboundMail, parseInboundMail } from './parse-inbound-mail';
import { CommandOutcome, ReplyCommandsService } from './reply-commands.service';
import { RecordQuestionOutcome, RecordQuestionsService } from './record-questions.service';
import { ForgedAddressError, MessageTooLargeError } from './support-errors';
import { SupportRepository, Thread, ThreadTarget } from './support.repository';

/** A recipient of ours: a reply or bounce address naming an outbox row, or a plain one (support@…). */
export type InboundRecipient =
  | { kind: 'reply'; outboxId: string; address: string }
  | { kind: 'bounce'; outboxId: string; address: string }
  | { kind: 'plain' };

export interface Envelope {
  /** MAIL FROM; null or empty for bounces. */
  mailFrom: string | null;
  recipients: string[];
}

export type InboundOutcome =
  | { kind: 'message'; threadId: string; messageId: string; isNew: boolean }
  | { kind: 'bounce'; verdict: 'permanent' | 'temporary' | 'unknown' }
  | { kind: 'complaint'; verdict: ComplaintVerdict }
  | CommandOutcome
  | RecordQuestionOutcome;

/**
 * Mail that reaches us (SMTP or webhook): a DSN for a bounce address, then a feedback report (a
 * complaint) to any address, then a reply command (pause, stop, weekly…) or the question "why" to one
 * of our emails, otherwise a support message.
 */
@Injectable()
export class InboundMailService {
  private readonly logger = new Logger(InboundMailService.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly store: SupportRepository,
    private readonly mail: MailService,
    private readonly outbox: OutboxService,
    private readonly accounts: AccountsService,
    private readonly bounces: BouncesService,
    private readonly complaints: ComplaintsService,
    private readonly acknowledgements: AcknowledgementsService,
    private readonly commands: ReplyCommandsService,
    private readonly questions: RecordQuestionsService,
  ) {}

  /** Throws ForgedAddressError for a reply/bounce address we did not sign (the SMTP listener says 550). */
  checkRecipient(address: string): InboundRecipient {
    const signed = this.mail.readSignedAddress(address);
    if (!signed) return { kind: 'plain' };
    if (signed.outboxId === null) throw new ForgedAddressError(`${address.slice(0, 100)}: invalid token`);
    return { kind: signed.purpose, outboxId: signed.outboxId, address };
  }

  /** The webhook has no envelope: it reads recipients and return path from the headers. */
  async receive(raw: Buffer, envelope: Envelope | null): Promise<InboundOutcome> {
    const mail = await parseInboundMail(raw);
    const recipients = (envelope?.recipients ?? mail.headerRecipients).map((address) =>
      this.checkRecipient(address),
    );
    const bounce = recipients.find((address) => address.kind === 'bounce');
    const report = parseFeedbackReport(mail);
    if (bounce?.kind === 'bounce' && !report)
      return { kind: 'bounce', verdict: await this.bounces.handle(bounce.address, mail) };
    if (report) {
      const ours = recipients.flatMap((address) => (address.kind === 'plain' ? [] : [address.address]));
      return { kind: 'complaint', verdict: await this.complaints.handle(report, ours) };
    }
    const reply = recipients.find((address) => address.kind === 'reply');
    const returnPath = envelope ? envelope.mailFrom : mail.returnPath;
    const answered =
      reply?.kind === 'reply'
        ? ((await this.commands.obey(mail, reply.outboxId, returnPath)) ??
          (await this.questions.answer(mail, reply.outboxId, returnPath)))
        : null;
    if (answered) return answered;
    const refusal = attachmentRefusal(mail.files, {
      maxCount: this.config.INBOUND_MAX_ATTACHMENTS,
      maxBytes: this.config.INBOUND_MAX_ATTACHMENT_BYTES,
    });
    if (refusal) throw new MessageTooLargeError(refusal);
    const sender = mail.from ?? returnPath ?? 'unknown@invalid';
    const target = await this.locateThread(
      mail,
      { address: sender, envelopeSender: returnPath, from: mail.from },
      reply?.kind === 'reply' ? reply.outboxId : null,
    );
    const { message, isNew } = await this.store.append(
      target,
      {
        direction: 'in',
        messageId: mail.messageId ?? `<${newId().toLowerCase()}@inbound.invalid>`,
        inReplyTo: mail.parentIds[0] ?? null,
        fromAddress: sender.slice(0, 320),
        envelopeSender: returnPath === null ? null : returnPath.slice(0, 320),
        subject: mail.subject,
        bodyText: mail.text,
        bodyHtml: mail.html,
        agentUserId: null,
      },
      mail.files.map((file) => ({
        filename: safeFilename(file.filename, file.contentType),
        contentType: declaredType(file.contentType),
        content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
      })),
    );
    if (isNew) await this.acknowledgements.maybeAcknowledge(mail, returnPath, message);
    this.logger.log(`support message ${message.id} in thread ${message.threadId}${isNew ? '' : ' (again)'}`);
    return { kind: 'message', threadId: message.threadId, messageId: message.id, isNew };
  }

  /**
   * Token, then In-Reply-To/References, then the sender's account, else a stranger's new thread. A
   * token proves which email is answered and a Message-ID which message, never who answers: a message
   * joins a thread, or takes the context of an email of ours, only when its sender is that thread's or
   * email's reader (`isSenderTheReader`); otherwise it opens a new thread marked `senderDiffers`.
   */
  private async locateThread(
    mail: InboundMail,
    sender: MessageSender & { address: string },
    repliedToId: string | null,
  ): Promise<ThreadTarget> {
    const repliedTo = repliedToId ? await this.outbox.findById(repliedToId) : null;
    if (repliedTo && !isSenderTheReader(repliedTo.toAddress, sender)) return this.senderDiffers(mail, sender);
    const known = await this.store.findThreadByMessageIds([
      ...(repliedTo ? [repliedTo.messageId] : []),
      ...mail.parentIds,
    ]);
    if (known) {
      const isReaders = isSenderTheReader(await this.readerOf(known), sender);
      return isReaders ? { threadId: known.id } : this.senderDiffers(mail, sender);
    }
    const original = repliedTo ?? (await this.firstOutboxEmail(mail.parentIds));
    if (original && !isSenderTheReader(original.toAddress, sender)) return this.senderDiffers(mail, sender);
    const context = original
      ? {
          outboxEmailId: original.id,
          kind: original.kind,
          subject: original.subject,
          entryId: entryIdOfDedupKey(original.dedupKey),
        }
      : null;
    const userId = await this.userIdOf(original?.userId ?? null, sender.address);
    const subject = mail.subject || '(no subject)';
    return { newThread: { userId, fromAddress: sender.address, subject, context, senderDiffers: false } };
  }

  /**
   * A new thread of the sender's own, without the reader's context; with the From's account only when the
   * envelope sender agrees with the From (a From alone proves nothing: it may name the reader).
   */
  private async senderDiffers(
    mail: InboundMail,
    sender: MessageSender & { address: string },
  ): Promise<ThreadTarget> {
    const userId = isSenderTheReader(sender.address, sender)
      ? await this.userIdOf(null, sender.address)
      : null;
    const subject = mail.subject || '(no subject)';
    this.logger.warn('support message from a sender other than the reader of what it answers: new thread');
    return {
      newThread: { userId, fromAddress: sender.address, subject, context: null, senderDiffers: true },
    };
  }

  /** Who a thread answers to: its account's address, else the address that opened it. */
  private async readerOf(thread: Thread): Promise<string> {
    const [user] = thread.userId ? await this.accounts.findByIds([thread.userId]) : [];
    return user?.email ?? thread.fromAddress;
  }

  private async firstOutboxEmail(messageIds: string[]) {
    const found = await this.outbox.findByMessageIds(messageIds);
    return messageIds.map((id) => found.find((email) => email.messageId === id)).find(Boolean) ?? null;
  }

  /** The account of the email replied to if it still exists, else the sender's, else none. */
  private async userIdOf(namedUserId: string | null, sender: string): Promise<string | null> {
    if (namedUserId) {
      const [user] = await this.accounts.findByIds([namedUserId]);
      if (user) return user.id;
    }
    try {
      return (await this.accounts.getByEmail(sender)).id;
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  }
}
