import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../../common/clock';
import { NotFoundError } from '../../../common/errors';
import { newId } from '../../../common/ids';
import { CONFIG } from '../../../config/config.module';
import { Config } from '../../../config/load-config';
import { FeedRef } from '../../../feeds/feeds.service';
import { CloudEndpoint } from '../domain/discover-push';
import { pingKey } from '../domain/ping-key';
import {
  CLOUD_LEASE_MS,
  CLOUD_REREGISTER_MS,
  cloudRegistrationForm,
  isCloudAccepted,
} from '../domain/rss-cloud';
import { HubClient } from '../hub-client';
import { PushSubscriptionsRepository } from '../push-subscriptions.repository';
import { PushSubscriptionEntity } from '../websub/push-subscription.entity';

/** rssCloud (http-post): register with a feed's cloud, answer its challenge, re-register daily. */
@Injectable()
export class RssCloudService {
  private readonly logger = new Logger(RssCloudService.name);

  constructor(
    private readonly rows: PushSubscriptionsRepository,
    private readonly hubs: HubClient,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Registers a feed with its cloud, unless it did so there within the last 23 hours. */
  async ensureRegistered(feed: FeedRef, cloud: CloudEndpoint): Promise<void> {
    const existing = await this.rows.ofFeed(feed.id, 'rsscloud');
    const now = this.clock.now();
    const isRecent =
      existing?.hubUrl === cloud.registerUrl &&
      now.getTime() - existing.requestedAt.getTime() < CLOUD_REREGISTER_MS;
    if (isRecent) return;
    const row: PushSubscriptionEntity = {
      ...(existing ?? {
        id: newId(),
        feedId: feed.id,
        kind: 'rsscloud',
        callbackId: randomBytes(24).toString('base64url'),
        secret: null,
        pendingMode: null,
        activeUntil: null,
        leaseSeconds: CLOUD_LEASE_MS / 1000,
        createdAt: now,
      }),
      hubUrl: cloud.registerUrl,
      topic: feed.url,
      requestedAt: now,
    };
    await this.rows.save(row);
    await this.register(row);
  }

  /** The cloud's challenge GET: answered only at a registration's callback, for its feed. */
  async challenge(callbackId: string, url: unknown, challenge: unknown): Promise<string> {
    const row = await this.rows.byCallback(callbackId, 'rsscloud');
    const isOurs =
      row && typeof url === 'string' && pingKey(url) !== null && pingKey(url) === pingKey(row.topic);
    if (!isOurs || typeof challenge !== 'string' || !challenge || challenge.length > 1000)
      throw new NotFoundError('no such registration');
    return challenge;
  }

  async isRegistration(callbackId: string): Promise<boolean> {
    return (await this.rows.byCallback(callbackId, 'rsscloud')) !== null;
  }

  /** Registers again what is about to lapse; lets go of feeds nobody reads (rssCloud has no goodbye). */
  async renewDue(hasReaders: (feedId: string) => Promise<boolean>): Promise<number> {
    const now = this.clock.now();
    let renewed = 0;
    for (const row of await this.rows.all('rsscloud')) {
      if (!(await hasReaders(row.feedId))) await this.rows.delete({ id: row.id });
      else if (now.getTime() - row.requestedAt.getTime() >= CLOUD_REREGISTER_MS) {
        await this.rows.update(row.id, { requestedAt: now });
        await this.register({ ...row, requestedAt: now });
        renewed += 1;
      }
    }
    return renewed;
  }

  async forget(feedId: string): Promise<void> {
    await this.rows.delete({ feedId, kind: 'rsscloud' });
  }

  private async register(row: PushSubscriptionEntity): Promise<void> {
    const callbackUrl = `${this.config.PUBLIC_URL}/rsscloud/${row.callbackId}`;
    try {
      const answer = await this.hubs.postForm(row.hubUrl, cloudRegistrationForm(callbackUrl, row.topic));
      const accepted = isCloudAccepted(answer.status, answer.body);
      const activeUntil = accepted ? new Date(row.requestedAt.getTime() + CLOUD_LEASE_MS) : null;
      await this.rows.update(row.id, { activeUntil });
      if (!accepted)
        this.logger.warn(`rssCloud ${row.hubUrl} refused feed ${row.feedId}: HTTP ${answer.status}`);
    } catch (error) {
      this.logger.warn(
        `rssCloud ${row.hubUrl} unreachable for feed ${row.feedId}: ${(error as Error).message}`,
      );
    }
  }
}
