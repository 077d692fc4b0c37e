import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { newId } from '../common/ids';
import { isUniqueViolation } from '../common/zod-errors';
import { MailSuppressionEntity } from './mail-suppression.entity';

/** The `mail_suppressions` table: addresses that failed hard, whose mail the outbox parks instead of sending. */
@Injectable()
export class SuppressionsRepository {
  constructor(
    @InjectRepository(MailSuppressionEntity) private readonly suppressions: Repository<MailSuppressionEntity>,
    private readonly clock: Clock,
  ) {}

  /** The suppressed ones among these addresses (lower-cased). */
  async suppressedAmong(addresses: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(addresses.map((address) => address.toLowerCase()))];
    if (unique.length === 0) return new Set();
    const rows = await this.suppressions.find({ select: { address: true }, where: { address: In(unique) } });
    return new Set(rows.map((row) => row.address));
  }

  async suppress(address: string, reason: string, outboxEmailId: string | null): Promise<void> {
    try {
      await this.suppressions.insert({
        id: newId(),
        address: address.toLowerCase(),
        reason: reason.slice(0, 1000),
        outboxEmailId,
        createdAt: this.clock.now(),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  /** Returns whether the address was suppressed. */
  async lift(address: string): Promise<boolean> {
    const result = await this.suppressions.delete({ address: address.toLowerCase() });
    return (result.affected ?? 0) > 0;
  }
}
