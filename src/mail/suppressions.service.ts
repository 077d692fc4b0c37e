import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { newId } from '../common/ids';
import { isUniqueViolation } from '../common/zod-errors';
import { MailSuppressionEntity } from './mail-suppression.entity';

/**
 * Addresses that must not receive mail (hard bounces). Support records them from DSNs; the dashboard
 * shows the reason. Kept apart so that the mail module's own suppression list can replace it at merge.
 */
@Injectable()
export class SuppressionsService {
  constructor(
    @InjectRepository(MailSuppressionEntity) private readonly suppressions: Repository<MailSuppressionEntity>,
    private readonly clock: Clock,
  ) {}

  /** Suppresses the address; the first reason recorded is kept. */
  async suppress(email: string, reason: string, outboxEmailId: string | null): Promise<void> {
    try {
      await this.suppressions.insert({
        id: newId(),
        email: email.trim().toLowerCase(),
        reason: reason.slice(0, 1000),
        outboxEmailId,
        createdAt: this.clock.now(),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  /** Why mail to this address is suppressed, or null when it is not. */
  async reasonFor(email: string): Promise<string | null> {
    const row = await this.suppressions.findOneBy({ email: email.trim().toLowerCase() });
    return row?.reason ?? null;
  }
}
