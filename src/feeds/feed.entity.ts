import { Column, Entity, PrimaryColumn } from 'typeorm';

export type FeedStatus = 'active' | 'broken' | 'gone';

@Entity('feeds')
export class FeedEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  @Column({ type: 'text' })
  url!: string;

  /**
   * The feed's identity (`feedIdentityHash`): SHA-256 of the URL, with the login's fingerprint behind
   * a login. Also what makes it unique: MySQL cannot put a unique index on a long TEXT column.
   */
  @Column({ name: 'url_hash', type: 'varchar', length: 64 })
  urlHash!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  title!: string | null;

  /** The login that reads it, sealed (`CredentialCipher`); never loaded unless asked for by name. */
  @Column({ name: 'auth_secret', type: 'text', nullable: true, select: false })
  authSecret?: string | null;

  /** The login's keyed fingerprint (null: a public feed). */
  @Column({ name: 'auth_fingerprint', type: 'varchar', length: 64, nullable: true })
  authFingerprint!: string | null;

  @Column({ name: 'site_url', type: 'text', nullable: true })
  siteUrl!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: FeedStatus;

  @Column({ type: 'varchar', length: 1024, nullable: true })
  etag!: string | null;

  @Column({ name: 'last_modified', type: 'varchar', length: 128, nullable: true })
  lastModified!: string | null;

  @Column({ name: 'body_hash', type: 'varchar', length: 64, nullable: true })
  bodyHash!: string | null;

  /** What the last poll did: `parsed`, `not-modified`, `same-hash`, or an error kind. */
  @Column({ name: 'last_outcome', type: 'varchar', length: 32, nullable: true })
  lastOutcome!: string | null;

  @Column({ name: 'last_polled_at', type: 'datetime', nullable: true })
  lastPolledAt!: Date | null;

  @Column({ name: 'next_poll_at', type: 'datetime' })
  nextPollAt!: Date;

  @Column({ name: 'error_count', type: 'integer' })
  errorCount!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  /** Start of the current run of failed polls; null after a success. */
  @Column({ name: 'failing_since', type: 'datetime', nullable: true })
  failingSince!: Date | null;

  /** When the current failing run marked the feed broken (its subscribers are told once per run). */
  @Column({ name: 'broken_since', type: 'datetime', nullable: true })
  brokenSince!: Date | null;

  /** The adaptive interval chosen at the last successful poll. */
  @Column({ name: 'poll_interval_seconds', type: 'integer', nullable: true })
  pollIntervalSeconds!: number | null;

  /** Until when the publisher pushes to us (a WebSub lease): polling is then only a safety net. */
  @Column({ name: 'push_active_until', type: 'datetime', nullable: true })
  pushActiveUntil!: Date | null;

  /** Where permanent redirects led the latest polls, and how many in a row (the URL moves at 3). */
  @Column({ name: 'redirect_candidate', type: 'text', nullable: true })
  redirectCandidate!: string | null;

  @Column({ name: 'redirect_streak', type: 'integer', default: 0 })
  redirectStreak!: number;

  /** The URL the feed had before its publisher moved it for good (shown as "moved from"). */
  @Column({ name: 'moved_from', type: 'text', nullable: true })
  movedFrom!: string | null;

  @Column({ name: 'moved_at', type: 'datetime', nullable: true })
  movedAt!: Date | null;

  /** The poll cycle that holds this feed (written by the fetcher's claims): its token, process and lease. */
  @Column({ name: 'poll_claim_token', type: 'varchar', length: 26, nullable: true })
  pollClaimToken!: string | null;

  @Column({ name: 'poll_claimed_by', type: 'varchar', length: 120, nullable: true })
  pollClaimedBy!: string | null;

  @Column({ name: 'poll_claimed_until', type: 'datetime', nullable: true })
  pollClaimedUntil!: Date | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime' })
  updatedAt!: Date;
}
