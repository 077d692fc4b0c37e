import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThanOrEqual, Not, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/zod-errors';
import { MailComplaintEntity } from './mail-complaint.entity';

/**
 * The `mail_complaints` table: one row per email reported. Reports naming none of ours were stored too
 * before they stopped counting as complaints: those rows (no email) are left out of the count.
 */
@Injectable()
export class ComplaintRepository {
  constructor(
    @InjectRepository(MailComplaintEntity) private readonly complaints: Repository<MailComplaintEntity>,
  ) {}

  /** Stores the complaint; false when one with the same dedup hash was stored before. */
  async insert(complaint: MailComplaintEntity): Promise<boolean> {
    try {
      await this.complaints.insert(complaint);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Complaints about an email of ours received since that instant (all of them without one). */
  countSince(since?: Date): Promise<number> {
    const aboutOurs = { outboxEmailId: Not(IsNull()) };
    return this.complaints.countBy(since ? { ...aboutOurs, createdAt: MoreThanOrEqual(since) } : aboutOurs);
  }
}
