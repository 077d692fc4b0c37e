import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { newId } from '../common/ids';
import { isUniqueViolation } from '../common/zod-errors';
import { readInChunks } from '../db/chunked';
import { isWithheld, SuppressionScope } from './domain/suppression-rules';
import { MailSuppressionEntity } from './mail-suppression.entity';

/**
 * The `mail_suppressions` table: addresses that failed hard, or whose reader complained. The outbox
 * parks their mail (all of it, or the subscribed kind) instead of sending it.
 */
@Injectable()
export class SuppressionsRepository {
  constructor(
    @InjectRepository(MailSuppressionEntity) private readonly suppressions: Repository<MailSuppressionEntity>,
    private readonly clock: Clock,
  ) {}

  /** The suppressed ones among these addresses (lower-cased). */
  async suppressedAmong(addresses: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(addresses.map((address) => address.toLowerCase()))];
    const rows = await readInChunks(unique, (chunk) =>
      this.suppressions.find({ select: { address: true }, where: { address: In(chunk) } }),
    );
    return new Set(rows.map((row) => row.address));
  }

  /** The ids of these emails that a suppression holds back. */
  async withheldAmong(
    emails: ReadonlyArray<{ id: string; toAddress: string; subscriptionIds: string[] | null }>,
  ): Promise<Set<string>> {
    const unique = [...new Set(emails.map((email) => email.toAddress.toLowerCase()))];
    const rows = await readInChunks(unique, (chunk) =>
      this.suppressions.find({ select: { address: true, scope: true }, where: { address: In(chunk) } }),
    );
    const scopes = new Map(rows.map((row) => [row.address, row.scope]));
    return new Set(
      emails
        .filter((email) => isWithheld(scopes.get(email.toAddress.toLowerCase()), email))
        .map((email) => email.id),
    );
  }

  /** Suppresses the address; one already suppressed keeps its reason, and widens to `all` on a hard bounce. */
  async suppress(
    address: string,
    reason: string,
    outboxEmailId: string | null,
    scope: SuppressionScope = 'all',
  ): Promise<void> {
    const lowerCased = address.toLowerCase();
    try {
      await this.suppressions.insert({
        id: newId(),
        address: lowerCased,
        scope,
        reason: reason.slice(0, 1000),
        outboxEmailId,
        createdAt: this.clock.now(),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A hard bounce outranks a complaint; a complaint never narrows a bounce.
      if (scope === 'all')
        await this.suppressions.update(
          { address: lowerCased, scope: 'bulk' },
          { scope: 'all', reason: reason.slice(0, 1000), outboxEmailId },
        );
    }
  }

  /** The newest suppressions first. */
  newest(limit: number): Promise<MailSuppressionEntity[]> {
    return this.suppressions.find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /** Returns whether the address was suppressed. */
  async lift(address: string): Promise<boolean> {
    const result = await this.suppressions.delete({ address: address.toLowerCase() });
    return (result.affected ?? 0) > 0;
  }
}
