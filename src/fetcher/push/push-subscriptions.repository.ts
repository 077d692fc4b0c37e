import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Transactions } from '../../db/transactions';
import { PushKind, PushSubscriptionEntity } from './websub/push-subscription.entity';

/** The `push_subscriptions` table: one row per feed and kind (WebSub hub or rssCloud). */
@Injectable()
export class PushSubscriptionsRepository {
  constructor(
    @InjectRepository(PushSubscriptionEntity) private readonly rows: Repository<PushSubscriptionEntity>,
    private readonly transactions: Transactions,
  ) {}

  ofFeed(feedId: string, kind: PushKind): Promise<PushSubscriptionEntity | null> {
    return this.rows.findOneBy({ feedId, kind });
  }

  byCallback(callbackId: string, kind: PushKind): Promise<PushSubscriptionEntity | null> {
    return this.rows.findOneBy({ callbackId, kind });
  }

  all(kind: PushKind): Promise<PushSubscriptionEntity[]> {
    return this.rows.findBy({ kind });
  }

  /** Stores the row whole, new or changed. */
  async save(row: PushSubscriptionEntity): Promise<void> {
    await this.transactions.run((manager) => manager.save(PushSubscriptionEntity, row));
  }

  async update(id: string, values: Partial<PushSubscriptionEntity>): Promise<void> {
    await this.rows.update({ id }, values);
  }

  async delete(where: { id: string } | { feedId: string; kind: PushKind }): Promise<void> {
    await this.rows.delete(where);
  }
}
