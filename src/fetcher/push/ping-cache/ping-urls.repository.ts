import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
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

  /**
   * Replaces the feed's cluster: rows whose key left it are deleted and rows whose URL, source or date
   * changed updated, both by primary key, and only new keys inserted. Deleting the whole cluster by
   * `feed_id` first locked the gap after it in the unique index, and two feeds' first polls then
   * waited on each other's inserts (a deadlock every round with three workers). Of two replacements at
   * once, the one that loses the race changes nothing.
   */
  async replaceCluster(feedId: string, rows: ReadonlyArray<ClusterUrl & { keyHash: string }>): Promise<void> {
    await this.transactions
      .run(async (manager) => {
        const repository = manager.getRepository(PingUrlEntity);
        const stored = new Map(
          (await repository.find({ where: { feedId } })).map((row) => [row.keyHash, row]),
        );
        const planned = new Set(rows.map((row) => row.keyHash));
        const gone = [...stored.values()].filter((row) => !planned.has(row.keyHash)).map((row) => row.id);
        if (gone.length) await repository.delete({ id: In(gone) });
        const added: PingUrlEntity[] = [];
        for (const row of rows) {
          const old = stored.get(row.keyHash);
          if (!old) added.push({ ...row, id: newId(), feedId });
          else if (!isSameRow(old, row)) {
            const { url, source, refreshedAt } = row;
            await repository.update({ id: old.id }, { url, source, refreshedAt });
          }
        }
        if (added.length) await repository.insert(added);
      })
      .catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
      });
  }

  async forget(feedId: string): Promise<void> {
    await this.urls.delete({ feedId });
  }
}

function isSameRow(stored: ClusterUrl, planned: ClusterUrl): boolean {
  return (
    stored.url === planned.url &&
    stored.source === planned.source &&
    stored.refreshedAt.getTime() === planned.refreshedAt.getTime()
  );
}
