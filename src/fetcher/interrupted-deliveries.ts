import { Injectable, Logger } from '@nestjs/common';
import { NotFoundError } from '../common/errors';
import { DeliveryService } from '../delivery/delivery.service';
import { EntriesService, Entry } from '../entries/entries.service';
import { FeedsService } from '../feeds/feeds.service';

/** How long a stored new entry may wait for its delivery before a cycle takes its poll as interrupted. */
const GRACE_MS = 10 * 60_000;
/** The most entries one cycle picks up (the rest wait for the next). */
const BATCH_SIZE = 1000;

/**
 * A poll stores a feed's new entries, then plans their delivery. If the process stops in between (a
 * crash, a deploy), those entries are known, so no later poll would deliver them: each cycle delivers
 * what was left. Planning twice is harmless (emails and digest items have unique keys), so an entry
 * still in the hands of a slow poll elsewhere costs a little work, never a second email.
 */
@Injectable()
export class InterruptedDeliveries {
  private readonly logger = new Logger(InterruptedDeliveries.name);

  constructor(
    private readonly entries: EntriesService,
    private readonly feeds: FeedsService,
    private readonly delivery: DeliveryService,
  ) {}

  /** Delivers what interrupted polls left; returns how many emails that enqueued. */
  async resume(now: Date): Promise<number> {
    const waiting = await this.entries.awaitingDelivery(new Date(now.getTime() - GRACE_MS), BATCH_SIZE);
    if (waiting.length === 0) return 0;
    this.logger.warn(
      `delivering ${waiting.length} entries that an interrupted poll stored but never delivered`,
    );
    let emails = 0;
    for (const [feedId, entries] of byFeed(waiting)) {
      try {
        emails += await this.delivery.deliverNewEntries(await this.feeds.getFeed(feedId), entries);
      } catch (error) {
        // A feed removed since has nobody to deliver to; anything else is tried again next cycle.
        if (!(error instanceof NotFoundError)) {
          this.logger.error(`delivering the waiting entries of feed ${feedId}: ${(error as Error).message}`);
          continue;
        }
      }
      await this.entries.markDeliveryPlanned(
        entries.map((entry) => entry.id),
        now,
      );
    }
    return emails;
  }
}

function byFeed(entries: readonly Entry[]): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.feedId);
    if (group) group.push(entry);
    else groups.set(entry.feedId, [entry]);
  }
  return groups;
}
