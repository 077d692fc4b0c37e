import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ShutdownSignal } from '../common/shutdown-signal';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { EntryHtmlService } from '../content/entry-html.service';
import { DatabaseSpace } from '../db/database-space';
import { PruneBatch, PruneRequest } from '../db/prune-batch';
import { DigestService } from '../delivery/digest.service';
import { DeliveryRecordService } from '../delivery/delivery-record.service';
import { SupportService } from '../support/support.service';
import { EntriesService } from '../entries/entries.service';
import { OutboxService } from '../mail/outbox.service';
import { retentionCutoff } from './domain/retention-cutoff';

/** Rows one batch touches at most: short statements, so that polls and sends never wait long behind one. */
export const RETENTION_BATCH = 500;

export interface RetentionReport {
  cutoff: Date;
  /** Rows pruned per kind. */
  pruned: Record<string, number>;
  /** SQLite pages given back to the file system. */
  reclaimedPages: number;
}

/**
 * Prunes what is older than `RETENTION_DAYS`, table by table in small batches, each owned by its
 * module: entry bodies, extracted articles, the bodies of finished emails, finished digest issues, the
 * bytes of files sent to support. What
 * dedup needs stays. Then SQLite gives the freed pages back to the file system, a few megabytes a pass.
 * Each table is walked oldest first from where this process's previous pass stopped (`from`), so a pass
 * does not read the rows already pruned again.
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger(RetentionService.name);
  private readonly kinds: Record<string, (request: PruneRequest) => Promise<PruneBatch>>;
  private readonly resumeFrom = new Map<string, Date>();

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
    private readonly shutdown: ShutdownSignal,
    private readonly space: DatabaseSpace,
    entries: EntriesService,
    content: EntryHtmlService,
    outbox: OutboxService,
    digests: DigestService,
    deliveryRecord: DeliveryRecordService,
    support: SupportService,
  ) {
    this.kinds = {
      entryBodies: (request) => entries.dropOldBodies(request),
      extractedArticles: (request) => content.deleteOldArticles(request),
      emailBodies: (request) => outbox.dropOldBodies(request),
      digestRuns: (request) => digests.deleteFinishedRuns(request),
      postFates: (request) => deliveryRecord.deleteOld(request),
      supportAttachments: (request) => support.dropOldAttachments(request),
    };
  }

  async prune(): Promise<RetentionReport> {
    const cutoff = retentionCutoff(this.clock.now(), this.config.RETENTION_DAYS);
    const pruned: Record<string, number> = {};
    for (const [kind, pruneBatch] of Object.entries(this.kinds)) {
      pruned[kind] = 0;
      let from = this.resumeFrom.get(kind) ?? null;
      while (!this.shutdown.isStopping) {
        const batch = await pruneBatch({ before: cutoff, from, limit: RETENTION_BATCH });
        pruned[kind] += batch.pruned;
        if (!batch.next) break;
        from = batch.next;
      }
      if (from) this.resumeFrom.set(kind, from);
    }
    const reclaimedPages = this.shutdown.isStopping ? 0 : await this.space.reclaim();
    const report = { cutoff, pruned, reclaimedPages };
    if (Object.values(pruned).some((count) => count > 0) || reclaimedPages > 0) {
      this.logger.log({ ...report, cutoff: cutoff.toISOString() }, 'retention');
    }
    return report;
  }
}
