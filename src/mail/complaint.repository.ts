import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThanOrEqual, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/zod-errors';
import { MailComplaintEntity } from './mail-complaint.entity';

/** The `mail_complaints` table: one row per email reported (or per report naming none of ours). */
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

  /** Complaints received since that instant (all of them without one). */
  countSince(since?: Date): Promise<number> {
    return this.complaints.countBy(since ? { createdAt: MoreThanOrEqual(since) } : {});
  }
}
