import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ClusterSource } from '../domain/ping-cluster';

/** One URL of a feed's cluster in the ping cache: a ping for it refreshes the feed. */
@Entity('ping_urls')
export class PingUrlEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  @Column({ name: 'feed_id', type: 'varchar', length: 26 })
  feedId!: string;

  /** SHA-256 of the URL's ping key (see pingKey). */
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash!: string;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'varchar', length: 16 })
  source!: ClusterSource;

  @Column({ name: 'refreshed_at', type: 'datetime' })
  refreshedAt!: Date;
}
