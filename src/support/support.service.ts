import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { AccountsService } from '../accounts/accounts.service';
import { canSee } from '../accounts/domain/staff-roles';
import { ForbiddenError, GoneError, NotFoundError, ValidationError } from '../common/errors';
import { newId } from '../common/ids';
import { parseOrThrow } from '../common/zod-errors';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { MailService } from '../mail/mail.service';
import { OutboxService } from '../mail/outbox.service';
import { sanitizedHtml } from './domain/inbound-html';
import { readersOwnWords } from './domain/readers-own-words';
import { replySubject, threadReferences } from './domain/message-ids';
import { normalizeAddress } from './domain/sender-is-reader';
import { Attachment, Message, SupportRepository, Thread } from './support.repository';
import { PruneBatch, PruneRequest } from '../db/prune-batch';

/**
 * A message as agents read it: `ownWords`, what the writer wrote without what their mail client quoted
 * or signed (empty when nothing is left, or for our own answers), and the whole message one click away.
 */
export type MessageForAgents = Omit<Message, 'bodyHtml'> & {
  sanitizedHtml: string | null;
  ownWords: string;
  /** The envelope sender is known and is not the From: the From alone does not say who sent it. */
  isEnvelopeDifferent: boolean;
  attachments: Attachment[];
};

const replyTextSchema = z.string().trim().min(1, 'the reply is empty').max(100_000, 'the reply is too long');

/** What agents do: read threads and answer in them, so that the answer threads in the user's client. */
@Injectable()
export class SupportService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly store: SupportRepository,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
    private readonly outbox: OutboxService,
  ) {}

  /** In the order agents work in (`agentOrder`); with `search`, threads whose address, subject or messages hold it. */
  listThreads(limit = 100, search = ''): Promise<Thread[]> {
    return this.store.listThreads(limit, search);
  }

  async getThread(threadId: string): Promise<{ thread: Thread; messages: MessageForAgents[] }> {
    const thread = await this.store.findThread(threadId);
    if (!thread) throw new NotFoundError(`no support thread ${threadId}`);
    const stored = await this.store.messagesOf(thread.id);
    const files = await this.store.attachmentsOf(stored.map((message) => message.id));
    const messages = stored.map(({ bodyHtml, ...message }) => ({
      ...message,
      attachments: files.filter((file) => file.messageId === message.id),
      sanitizedHtml: bodyHtml === null ? null : sanitizedHtml(bodyHtml),
      ownWords: message.direction === 'in' ? readersOwnWords({ text: message.bodyText, html: bodyHtml }) : '',
      isEnvelopeDifferent:
        !!message.envelopeSender &&
        normalizeAddress(message.envelopeSender) !== normalizeAddress(message.fromAddress),
    }));
    return { thread, messages };
  }

  /** A file of a thread, with its bytes, for an agent's download; gone once retention dropped them. */
  async attachment(id: string): Promise<{ filename: string; contentType: string; content: Buffer }> {
    const file = await this.store.findAttachment(id);
    if (!file) throw new NotFoundError(`no attachment ${id}`);
    if (!file.content) throw new GoneError(`${file.filename} was removed after the retention period`);
    return { filename: file.filename, contentType: file.contentType, content: file.content };
  }

  /** Retention: the bytes of files older than the cut-off. */
  dropOldAttachments(request: PruneRequest): Promise<PruneBatch> {
    return this.store.dropOldAttachmentContent(request);
  }

  /**
   * Sends the agent's answer with In-Reply-To/References and records its Message-ID in the thread. In
   * a thread whose sender differs from the reader of the email replied to, the agent must name the
   * recipient (`confirmedRecipient`): nothing goes to such a sender by default.
   */
  async reply(
    threadId: string,
    agentUserId: string,
    text: string,
    confirmedRecipient?: string,
  ): Promise<Message> {
    const bodyText = parseOrThrow(replyTextSchema, text);
    const [agent] = await this.accounts.findByIds([agentUserId]);
    if (!canSee('support', agent?.role))
      throw new ForbiddenError('only support agents and admins answer support threads');
    const thread = await this.store.findThread(threadId);
    if (!thread) throw new NotFoundError(`no support thread ${threadId}`);
    const [user] = thread.userId ? await this.accounts.findByIds([thread.userId]) : [];
    const recipient = user?.email ?? thread.fromAddress;
    if (
      confirmedRecipient !== undefined &&
      normalizeAddress(confirmedRecipient) !== normalizeAddress(recipient)
    )
      throw new ValidationError(
        `this thread's answers go to ${recipient}, not ${confirmedRecipient.slice(0, 320)}`,
      );
    if (thread.senderDiffers && confirmedRecipient === undefined)
      throw new ValidationError(
        `the sender differs from the reader of the email replied to: confirm that the answer goes to ${recipient}`,
      );
    const messages = await this.store.messagesOf(thread.id);
    const context = thread.contextOutboxEmailId
      ? await this.outbox.findById(thread.contextOutboxEmailId)
      : null;
    const references = threadReferences([
      ...(context ? [context.messageId] : []),
      ...messages.map((message) => message.messageId),
    ]);
    const subject = replySubject(thread.subject);
    const dedupKey = `support-reply:${newId()}`;
    await this.mail.sendSupportReply({
      dedupKey,
      to: { userId: user?.id ?? null, email: recipient },
      subject,
      bodyText,
      references,
    });
    const [sent] = await this.outbox.findByDedupKeys([dedupKey]);
    const { message } = await this.store.append(
      { threadId: thread.id },
      {
        direction: 'out',
        messageId: sent.messageId,
        inReplyTo: references[references.length - 1] ?? null,
        fromAddress: this.config.MAIL_FROM.address,
        envelopeSender: null,
        subject,
        bodyText,
        bodyHtml: null,
        agentUserId: agent.id,
      },
    );
    return message;
  }
}
