import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, EntityManager, In, IsNull, Not, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { newId, sha256Hex } from '../common/ids';
import { isUniqueViolation } from '../common/zod-errors';
import { readInChunks } from '../db/chunked';
import { Transactions } from '../db/transactions';
import { PruneBatch, PruneRequest, nextBatch } from '../db/prune-batch';
import { SupportAttachmentEntity } from './support-attachment.entity';
import { SupportMessageEntity } from './support-message.entity';
import { agentOrder, containsPattern } from './domain/thread-order';
import { SupportThreadEntity, ThreadState } from './support-thread.entity';

export type Thread = Readonly<SupportThreadEntity>;
export type Message = Readonly<SupportMessageEntity>;

export interface NewThread {
  userId: string | null;
  fromAddress: string;
  subject: string;
  /** The message answers an email (or a thread) of someone else: see `SupportThreadEntity.senderDiffers`. */
  senderDiffers: boolean;
  context: {
    outboxEmailId: string;
    kind: string | null;
    subject: string | null;
    entryId: string | null;
  } | null;
}

/** Where a message goes: a thread found already, or a new one (found instead if its context exists). */
export type ThreadTarget = { threadId: string } | { newThread: NewThread };

export type NewMessage = Omit<SupportMessageEntity, 'id' | 'threadId' | 'messageIdHash' | 'createdAt'>;
export type NewAttachment = Pick<SupportAttachmentEntity, 'filename' | 'contentType' | 'content'>;
/** A file as listed in a thread: its bytes are read only for a download. */
export type Attachment = Readonly<Omit<SupportAttachmentEntity, 'content'>> & { isPruned: boolean };

const ATTEMPTS = 5;
/** Threads not closed listed at most: a team's working set, far below it. */
const OPEN_THREADS_SHOWN = 500;

/** Threads and their messages. Appending is atomic and idempotent per Message-ID. */
@Injectable()
export class SupportRepository {
  constructor(
    @InjectRepository(SupportThreadEntity) private readonly threads: Repository<SupportThreadEntity>,
    @InjectRepository(SupportMessageEntity) private readonly messages: Repository<SupportMessageEntity>,
    @InjectRepository(SupportAttachmentEntity)
    private readonly attachments: Repository<SupportAttachmentEntity>,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  /** The thread of the first of these Message-IDs that we know. */
  async findThreadByMessageIds(messageIds: string[]): Promise<Thread | null> {
    if (messageIds.length === 0) return null;
    const found = await readInChunks([...new Set(messageIds.map(sha256Hex))], (chunk) =>
      this.messages.findBy({ messageIdHash: In(chunk) }),
    );
    const first = messageIds
      .map((id) => found.find((message) => message.messageId === id))
      .find((message) => message !== undefined);
    return first ? this.threads.findOneBy({ id: first.threadId }) : null;
  }

  findThread(id: string): Promise<Thread | null> {
    return this.threads.findOneBy({ id });
  }

  /**
   * Threads in the order agents work in (`agentOrder`), those matching `search` (an address, words of
   * the subject or of any message) when given: every thread not closed (they are few), then the most
   * recent closed ones.
   */
  async listThreads(limit: number, search = ''): Promise<Thread[]> {
    const query = (closed: boolean) => {
      const builder = this.threads
        .createQueryBuilder('thread')
        .where(closed ? "thread.state = 'closed'" : "thread.state <> 'closed'");
      if (search.trim())
        builder.andWhere(
          new Brackets((match) =>
            match
              .where("LOWER(thread.subject) LIKE :pattern ESCAPE '!'")
              .orWhere("LOWER(thread.from_address) LIKE :pattern ESCAPE '!'")
              .orWhere(
                "thread.id IN (SELECT message.thread_id FROM support_messages message WHERE LOWER(message.body_text) LIKE :pattern ESCAPE '!')",
              ),
          ),
          { pattern: containsPattern(search.trim().slice(0, 200)) },
        );
      return builder
        .orderBy('thread.updated_at', 'DESC')
        .take(closed ? limit : OPEN_THREADS_SHOWN)
        .getMany();
    };
    const [active, closed] = await Promise.all([query(false), query(true)]);
    return [...active, ...closed].sort(agentOrder).slice(0, limit);
  }

  setState(threadId: string, state: ThreadState): Promise<unknown> {
    return this.threads.update({ id: threadId }, { state });
  }

  assign(threadId: string, userId: string | null): Promise<unknown> {
    return this.threads.update({ id: threadId }, { assignedToUserId: userId });
  }

  markSeen(threadId: string): Promise<unknown> {
    return this.threads.update({ id: threadId }, { seenAt: this.clock.now() });
  }

  /** Threads by state, and since when the oldest open one has waited for an answer. */
  async census(): Promise<{ byState: Record<ThreadState, number>; oldestOpenSince: Date | null }> {
    const [open, waiting, closed, oldest] = await Promise.all([
      this.threads.countBy({ state: 'open' }),
      this.threads.countBy({ state: 'waiting' }),
      this.threads.countBy({ state: 'closed' }),
      this.threads.findOne({
        select: { id: true, lastInboundAt: true },
        where: { state: 'open', lastInboundAt: Not(IsNull()) },
        order: { lastInboundAt: 'ASC' },
      }),
    ]);
    return { byState: { open, waiting, closed }, oldestOpenSince: oldest?.lastInboundAt ?? null };
  }

  messagesOf(threadId: string): Promise<Message[]> {
    return this.messages.find({ where: { threadId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The files of these messages, without their bytes. */
  async attachmentsOf(messageIds: readonly string[]): Promise<Attachment[]> {
    const files = await readInChunks([...messageIds], (chunk) =>
      this.attachments.find({ where: { messageId: In(chunk) }, order: { id: 'ASC' } }),
    );
    const pruned = new Set(
      (
        await readInChunks([...messageIds], (chunk) =>
          this.attachments.find({ select: { id: true }, where: { messageId: In(chunk), content: IsNull() } }),
        )
      ).map((file) => file.id),
    );
    return files.map((file) => ({ ...file, isPruned: pruned.has(file.id) }));
  }

  /** One file with its bytes (null once retention dropped them). */
  findAttachment(id: string): Promise<SupportAttachmentEntity | null> {
    return this.attachments.createQueryBuilder('file').addSelect('file.content').where({ id }).getOne();
  }

  /** Retention: the bytes of files older than the cut-off go; the row stays, so the thread says so. */
  async dropOldAttachmentContent({ before, from, limit }: PruneRequest): Promise<PruneBatch> {
    const query = this.attachments
      .createQueryBuilder('file')
      .select(['file.id', 'file.createdAt'])
      .where('file.content IS NOT NULL')
      .andWhere('file.created_at < :before', { before })
      .orderBy('file.created_at', 'ASC')
      .take(limit);
    if (from) query.andWhere('file.created_at >= :from', { from });
    const rows = await query.getMany();
    if (rows.length) await this.attachments.update({ id: In(rows.map((row) => row.id)) }, { content: null });
    return nextBatch(
      rows.map((row) => row.createdAt),
      limit,
    );
  }

  /**
   * Adds a message to its thread, creating the thread if needed, with its files. The same Message-ID
   * twice stores once (`isNew: false`); two first replies to one email at once share one thread (unique
   * context).
   */
  async append(
    target: ThreadTarget,
    message: NewMessage,
    files: readonly NewAttachment[] = [],
  ): Promise<{ message: Message; isNew: boolean }> {
    const messageIdHash = sha256Hex(message.messageId);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const stored = await this.transactions.run(async (manager) => {
          const now = this.clock.now();
          const threadId =
            'threadId' in target ? target.threadId : await this.threadFor(manager, target.newThread);
          // The thread row first: its lock orders appends to one thread (on MySQL, inserting the
          // child first takes a shared lock through the foreign key, and two such then deadlock).
          // A reader's message (re)opens the thread; an answer leaves it waiting for the reader.
          const moves = {
            in: { state: 'open' as const, lastInboundAt: now },
            out: { state: 'waiting' as const },
            note: {},
          }[message.direction];
          await manager.update(SupportThreadEntity, { id: threadId }, { updatedAt: now, ...moves });
          const row = { ...message, id: newId(), threadId, messageIdHash, createdAt: now };
          await manager.insert(SupportMessageEntity, row);
          for (const file of files)
            await manager.insert(SupportAttachmentEntity, {
              ...file,
              id: newId(),
              messageId: row.id,
              sizeBytes: file.content?.byteLength ?? 0,
              createdAt: now,
            });
          return row;
        });
        return { message: stored, isNew: true };
      } catch (error) {
        if (!isRetryable(error) || attempt === ATTEMPTS) throw error;
        const existing = await this.messages.findOneBy({ messageIdHash });
        if (existing) return { message: existing, isNew: false };
      }
    }
  }

  private async threadFor(manager: EntityManager, thread: NewThread): Promise<string> {
    const { context } = thread;
    if (context) {
      const existing = await manager.findOneBy(SupportThreadEntity, {
        contextOutboxEmailId: context.outboxEmailId,
      });
      if (existing) return existing.id;
    }
    const now = this.clock.now();
    const id = newId();
    await manager.insert(SupportThreadEntity, {
      id,
      userId: thread.userId,
      fromAddress: thread.fromAddress.slice(0, 320),
      subject: thread.subject,
      contextOutboxEmailId: context?.outboxEmailId ?? null,
      contextKind: context?.kind ?? null,
      contextSubject: context?.subject ?? null,
      contextEntryId: context?.entryId ?? null,
      senderDiffers: thread.senderDiffers,
      state: 'open',
      assignedToUserId: null,
      lastInboundAt: null,
      seenAt: null,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }
}

/** A unique conflict (someone stored the same thread or message first) or a MySQL deadlock between them. */
function isRetryable(error: unknown): boolean {
  return isUniqueViolation(error) || (error as { code?: string })?.code === 'ER_LOCK_DEADLOCK';
}
