import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThanOrEqual, MoreThan, Raw, Repository } from 'typeorm';
import { readInChunks } from '../db/chunked';
import { countGrouped, GroupCount } from '../db/count-grouped';
import { OutboxEmailEntity } from './outbox-email.entity';

/** Destination domains waiting for a later attempt (see `waitingByDomain`). */
export interface WaitingDomain {
  domain: string;
  emails: number;
  nextAttemptAt: Date;
  reason: string | null;
}

/** The domain part of an address column, lower-cased, in SQL that SQLite and MySQL both speak. */
const DOMAIN_OF = (column: string) => `LOWER(SUBSTR(${column}, INSTR(${column}, '@') + 1))`;

/** What lists of emails show: not the bodies. */
const waitingColumns = {
  id: true,
  userId: true,
  kind: true,
  toAddress: true,
  subject: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastError: true,
  createdAt: true,
  sentAt: true,
} as const;

/** What the outbox holds, read for people (the CLI's status, the admin page) and for metrics: never bodies. */
@Injectable()
export class OutboxOverviewRepository {
  constructor(@InjectRepository(OutboxEmailEntity) private readonly rows: Repository<OutboxEmailEntity>) {}

  /** Emails that wait (held for credits, suppressed, pending a retry or a hold), oldest first. */
  oldestWaiting(limit: number): Promise<OutboxEmailEntity[]> {
    return this.rows.find({
      select: waitingColumns,
      where: { status: In(['held', 'suppressed', 'pending']) },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  /** A user's newest emails, newest first. */
  recentOf(userId: string, limit: number): Promise<OutboxEmailEntity[]> {
    return this.rows.find({
      select: waitingColumns,
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /** This user's emails with these dedup keys (a post's emails, for the reader's delivery record). */
  emailsOf(userId: string, dedupKeys: readonly string[]): Promise<OutboxEmailEntity[]> {
    return readInChunks(dedupKeys, (chunk) =>
      this.rows.find({
        select: {
          ...waitingColumns,
          dedupKey: true,
          messageId: true,
          softBounces: true,
          deferredSince: true,
        },
        where: { userId, dedupKey: In(chunk) },
      }),
    );
  }

  /** How many rows are in each status. */
  async countByStatus(): Promise<Record<string, number>> {
    const groups = await countGrouped(this.rows, ['status']);
    return Object.fromEntries(groups.map((group) => [group.status, group.count]));
  }

  /** How many rows of each kind are in each status. */
  countByStatusAndKind(): Promise<GroupCount[]> {
    return countGrouped(this.rows, ['status', 'kind']);
  }

  /** Pending rows: how many are due, how many wait for a later attempt, and the oldest one's age. */
  async pendingSummary(now: Date): Promise<{ due: number; waiting: number; oldestCreatedAt: Date | null }> {
    const [due, waiting, oldest] = await Promise.all([
      this.rows.count({ where: { status: 'pending', nextAttemptAt: LessThanOrEqual(now) } }),
      this.rows.count({ where: { status: 'pending', nextAttemptAt: MoreThan(now) } }),
      this.rows.findOne({
        select: { id: true, createdAt: true },
        where: { status: 'pending' },
        order: { createdAt: 'ASC' },
      }),
    ]);
    return { due, waiting, oldestCreatedAt: oldest?.createdAt ?? null };
  }

  /**
   * The destination domains with the most rows waiting for a later attempt, each with its next
   * attempt and the reason its latest-waiting row gives (a hold, a deferral, a rate).
   */
  async waitingByDomain(now: Date, limit: number): Promise<WaitingDomain[]> {
    const groups = await this.rows
      .createQueryBuilder()
      .select(DOMAIN_OF('to_address'), 'domain')
      .addSelect('COUNT(*)', 'emails')
      .where('status = :pending AND next_attempt_at > :now', { pending: 'pending', now })
      .groupBy(DOMAIN_OF('to_address'))
      .orderBy('emails', 'DESC')
      .limit(limit)
      .getRawMany<{ domain: string; emails: string | number }>();
    return Promise.all(
      groups.map(async ({ domain, emails }) => {
        const where = {
          status: 'pending' as const,
          nextAttemptAt: MoreThan(now),
          toAddress: Raw((column) => `${DOMAIN_OF(column)} = :domain`, { domain }),
        };
        const select = { id: true, nextAttemptAt: true, lastError: true };
        const [first, last] = await Promise.all([
          this.rows.findOne({ select, where, order: { nextAttemptAt: 'ASC' } }),
          this.rows.findOne({ select, where, order: { nextAttemptAt: 'DESC' } }),
        ]);
        return {
          domain,
          emails: Number(emails),
          nextAttemptAt: first?.nextAttemptAt ?? now,
          reason: last?.lastError ?? null,
        };
      }),
    );
  }
}
