import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../../common/clock';
import { NotFoundError } from '../../../common/errors';
import { newId } from '../../../common/ids';
import { CONFIG } from '../../../config/config.module';
import { Config } from '../../../config/load-config';
import { PollService } from '../../poll.service';
import { PushLane } from '../queue/push-lane';
import { WebSubDiscovery } from '../domain/discover-push';
import { answerVerification, isRenewalDue, isWebSubActive } from '../domain/websub-intent';
import { isValidHubSignature } from '../domain/websub-signature';
import { HubClient } from '../hub-client';
import { PushSubscriptionsRepository } from '../push-subscriptions.repository';
import { PushSubscriptionEntity } from './push-subscription.entity';

export type DeliveryOutcome = 'processed' | 'forged' | 'unparseable';

/** The WebSub subscriber: subscribe, verify intent, receive signed content, renew, unsubscribe. */
@Injectable()
export class WebSubService {
  private readonly logger = new Logger(WebSubService.name);

  constructor(
    private readonly rows: PushSubscriptionsRepository,
    private readonly hubs: HubClient,
    private readonly poll: PollService,
    private readonly lane: PushLane,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Subscribes a feed at its first hub, unless already subscribed there for the same topic. */
  async ensureSubscribed(feedId: string, discovery: WebSubDiscovery): Promise<void> {
    const existing = await this.rows.ofFeed(feedId, 'websub');
    const isSame = existing?.topic === discovery.self && discovery.hubs.includes(existing.hubUrl);
    if (isSame && existing?.pendingMode !== 'unsubscribe') return;
    const now = this.clock.now();
    const row: PushSubscriptionEntity = {
      ...(existing ?? {
        id: newId(),
        feedId,
        kind: 'websub',
        callbackId: randomBytes(24).toString('base64url'),
        secret: randomBytes(32).toString('hex'),
        activeUntil: null,
        createdAt: now,
      }),
      hubUrl: discovery.hubs[0],
      topic: discovery.self,
      pendingMode: 'subscribe',
      leaseSeconds: this.config.WEBSUB_LEASE_SECONDS,
      requestedAt: now,
    };
    await this.rows.save(row);
    await this.request(row, 'subscribe');
  }

  /** The answer to a hub's verification GET: the challenge, or NotFoundError. */
  async verify(callbackId: string, query: Record<string, unknown>): Promise<string> {
    const row = await this.rows.byCallback(callbackId, 'websub');
    const answer = answerVerification(row, query, this.clock.now());
    if (!row || answer.kind === 'refuse') throw new NotFoundError('no such pending subscription');
    if (answer.kind === 'confirm-unsubscribe') await this.rows.delete({ id: row.id });
    if (answer.kind === 'denied') await this.rows.update(row.id, { pendingMode: null, activeUntil: null });
    if (answer.kind === 'confirm-subscribe') {
      const { activeUntil, leaseSeconds } = answer;
      await this.rows.update(row.id, { pendingMode: null, activeUntil, leaseSeconds });
    }
    // The poller reads this to poll a pushed feed only as a safety net, until the lease ends.
    const pushActiveUntil = answer.kind === 'confirm-subscribe' ? answer.activeUntil : null;
    await this.poll.recordPushLease(row.feedId, pushActiveUntil);
    return answer.kind === 'denied' ? '' : answer.challenge;
  }

  /** A content distribution: processed when signed with our secret, ignored (yet acknowledged) if not. */
  async receive(
    callbackId: string,
    body: Buffer,
    signature: string | undefined,
    contentType?: string,
  ): Promise<DeliveryOutcome> {
    const row = await this.rows.byCallback(callbackId, 'websub');
    if (!row) throw new NotFoundError('no such subscription');
    if (row.secret !== null && !isValidHubSignature(signature, row.secret, body)) {
      this.logger.warn(`ignored a WebSub delivery with a bad signature for feed ${row.feedId}`);
      return 'forged';
    }
    try {
      const result = await this.lane.pushed(row.feedId, body, contentType);
      // Queued (null): a worker processes it and logs what it could not parse.
      if (!result || result.kind === 'pushed') return 'processed';
      this.logger.warn(`WebSub delivery for feed ${row.feedId}: ${result.label}`);
    } catch (error) {
      this.logger.warn(`WebSub delivery for feed ${row.feedId}: ${(error as Error).message}`);
    }
    return 'unparseable';
  }

  async isActive(feedId: string): Promise<boolean> {
    return isWebSubActive(await this.rows.ofFeed(feedId, 'websub'), this.clock.now());
  }

  /** Asks the hub to stop (the feed's last reader left); the row goes once the hub verifies. */
  async unsubscribe(feedId: string): Promise<void> {
    const row = await this.rows.ofFeed(feedId, 'websub');
    if (!row || row.pendingMode === 'unsubscribe') return;
    const pending = { ...row, pendingMode: 'unsubscribe' as const, requestedAt: this.clock.now() };
    await this.rows.save(pending);
    await this.request(pending, 'unsubscribe');
  }

  /** Renews leases about to end and retries unanswered requests; unsubscribes feeds nobody reads. */
  async renewDue(hasReaders: (feedId: string) => Promise<boolean>): Promise<number> {
    const now = this.clock.now();
    let renewed = 0;
    for (const row of await this.rows.all('websub')) {
      if (!(await hasReaders(row.feedId))) await this.unsubscribe(row.feedId);
      else if (isRenewalDue(row, now)) {
        await this.rows.update(row.id, { pendingMode: 'subscribe', requestedAt: now });
        await this.request({ ...row, pendingMode: 'subscribe' }, 'subscribe');
        renewed += 1;
      }
    }
    return renewed;
  }

  private async request(row: PushSubscriptionEntity, mode: 'subscribe' | 'unsubscribe'): Promise<void> {
    const form: Record<string, string> = {
      'hub.mode': mode,
      'hub.topic': row.topic,
      'hub.callback': `${this.config.PUBLIC_URL}/websub/${row.callbackId}`,
    };
    if (mode === 'subscribe') {
      form['hub.secret'] = row.secret ?? '';
      form['hub.lease_seconds'] = String(this.config.WEBSUB_LEASE_SECONDS);
    }
    try {
      const answer = await this.hubs.postForm(row.hubUrl, form);
      if (answer.url !== row.hubUrl) await this.rows.update(row.id, { hubUrl: answer.url });
      if (answer.status < 200 || answer.status >= 300)
        this.logger.warn(`hub ${answer.url} refused ${mode} for feed ${row.feedId}: HTTP ${answer.status}`);
    } catch (error) {
      this.logger.warn(`hub ${row.hubUrl} unreachable for feed ${row.feedId}: ${(error as Error).message}`);
    }
  }
}
