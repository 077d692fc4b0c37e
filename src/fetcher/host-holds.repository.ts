import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository } from 'typeorm';
import { HostHoldEntity } from './host-hold.entity';

/** Hosts that asked us (429/503 with Retry-After) to stay away until an instant; kept in the database. */
@Injectable()
export class HostHoldsRepository {
  constructor(@InjectRepository(HostHoldEntity) private readonly holds: Repository<HostHoldEntity>) {}

  async activeHolds(now: Date): Promise<Map<string, Date>> {
    const rows = await this.holds.findBy({ heldUntil: MoreThan(now) });
    return new Map(rows.map((row) => [row.host, row.heldUntil]));
  }

  async hold(host: string, until: Date, reason: string): Promise<void> {
    await this.holds.upsert({ host: host.slice(0, 255), heldUntil: until, reason: reason.slice(0, 64) }, [
      'host',
    ]);
  }
}
