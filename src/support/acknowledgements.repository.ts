import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/zod-errors';
import { SupportAcknowledgementEntity } from './support-acknowledgement.entity';

/** The `support_acknowledgements` table: when each sender (by hash) was last acknowledged. */
@Injectable()
export class AcknowledgementsRepository {
  constructor(
    @InjectRepository(SupportAcknowledgementEntity)
    private readonly acknowledgements: Repository<SupportAcknowledgementEntity>,
  ) {}

  /**
   * Compare-and-set on the sender's last acknowledgement (none yet, or none after `cutoff`), so that
   * concurrent messages claim one; true when this call claimed it.
   */
  async claim(senderHash: string, now: Date, cutoff: Date): Promise<boolean> {
    try {
      await this.acknowledgements.insert({ senderHash, lastSentAt: now });
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const result = await this.acknowledgements.update(
      { senderHash, lastSentAt: LessThanOrEqual(cutoff) },
      { lastSentAt: now },
    );
    return result.affected === 1;
  }
}
