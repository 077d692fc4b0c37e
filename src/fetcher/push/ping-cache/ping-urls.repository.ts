import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { newId } from '../../../common/ids';
import { isUniqueViolation } from '../../../common/zod-errors';
import { selectRows } from '../../../db/raw-rows';
import { Transactions } from '../../../db/transactions';
import { PingUrlEntity } from './ping-url.entity';

export type ClusterUrl = Pick<PingUrlEntity, 'url' | 'source' | 'refreshedAt'>;

/** The `ping_urls` table: each feed's cluster of URLs a ping may name, keyed by hash. */
@Injectable()
export class PingUrlsRepository {
  constructor(
    @InjectRepository(PingUrlEntity) private readonly urls: Repository<PingUrlEntity>,
    private readonly transactions: Transactions,
  ) {}

  async feedIdsWithKey(keyHash: string): Promise<string[]> {
    const rows = await this.urls.find({ select: { feedId: true }, where: { keyHash } });
    return rows.map((row) => row.feedId);
  }

  /** The feed's cluster as stored (read after every parse: no query builder). */
  clusterOf(feedId: string): Promise<ClusterUrl[]> {
    return selectRows(
      this.urls.manager,
      PingUrlEntity,
      'SELECT url, source, refreshed_at FROM ping_urls WHERE feed_id = ?',
      [feedId],
    );
  }

  /** Replaces the feed's cluster; of two replacements at once, the one that loses the race changes nothing. */
  async replaceCluster(feedId: string, rows: ReadonlyArray<ClusterUrl & { keyHash: string }>): Promise<void> {
    await this.transactions
      .run(async (manager) => {
        const repository = manager.getRepository(PingUrlEntity);
        await repository.delete({ feedId });
        await repository.insert(rows.map((row) => ({ ...row, id: newId(), feedId })));
      })
      .catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
      });
  }

  async forget(feedId: string): Promise<void> {
    await this.urls.delete({ feedId });
  }
}
