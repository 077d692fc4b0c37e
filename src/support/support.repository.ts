import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { newId, sha256Hex } from '../common/ids';
import { isUniqueViolation } from '../common/zod-errors';
import { readInChunks } from '../db/chunked';
import { Transactions } from '../db/transactions';
import { SupportMessageEntity } from './support-message.entity';
import { SupportThreadEntity } from './support-thread.entity';

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

const ATTEMPTS = 5;

/** Threads and their messages. Appending is atomic and idempotent per Message-ID. */
@Injectable()
export class SupportRepository {
  constructor(
    @InjectRepository(SupportThreadEntity) private readonly threads: Repository<SupportThreadEntity>,
    @InjectRepository(SupportMessageEntity) private readonly messages: Repository<SupportMessageEntity>,
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

  listThreads(limit: number): Promise<Thread[]> {
    return this.threads.find({ order: { updatedAt: 'DESC', id: 'DESC' }, take: limit });
  }

  messagesOf(threadId: string): Promise<Message[]> {
    return this.messages.find({ where: { threadId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * Adds a message to its thread, creating the thread if needed. The same Message-ID twice stores
   * once (`isNew: false`); two first replies to one email at once share one thread (unique context).
   */
  async append(target: ThreadTarget, message: NewMessage): Promise<{ message: Message; isNew: boolean }> {
    const messageIdHash = sha256Hex(message.messageId);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const stored = await this.transactions.run(async (manager) => {
          const now = this.clock.now();
          const threadId =
            'threadId' in target ? target.threadId : await this.threadFor(manager, target.newThread);
          // The thread row first: its lock orders appends to one thread (on MySQL, inserting the
          // child first takes a shared lock through the foreign key, and two such then deadlock).
          await manager.update(SupportThreadEntity, { id: threadId }, { updatedAt: now });
          const row = { ...message, id: newId(), threadId, messageIdHash, createdAt: now };
          await manager.insert(SupportMessageEntity, row);
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
