import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { comparableHost } from '../common/comparable-url';
import { NotFoundError, ValidationError } from '../common/errors';
import { newId } from '../common/ids';
import { parseOrThrow } from '../common/zod-errors';
import { UrlAddressPolicy } from '../http/url-address-policy';
import { validateFeedUrl } from './domain/feed-url';
import { CredentialCipher } from './credential-cipher';
import {
  authorizationHeader,
  FeedCredentials,
  feedCredentialsSchema,
  feedIdentityHash,
} from './domain/feed-credentials';
import {
  SettingsGiven,
  SubscriptionSettings,
  settingsOver,
  subscriptionSettingsSchema,
} from './domain/subscription-settings';
import { oldestLiveDeliverToLink } from './domain/delivery-address';
import { FeedEntity } from './feed.entity';
import { GroupCount } from '../db/count-grouped';
import { FeedsRepository } from './feeds.repository';
import { SubscriptionEntity } from './subscription.entity';

export type Feed = Readonly<FeedEntity>;
export type Subscription = Readonly<SubscriptionEntity>;
/** What other modules need to name a feed (emails, push): any feed shape that has these will do. */
export type FeedRef = Pick<Feed, 'id' | 'url' | 'title' | 'siteUrl'>;
export interface FeedSummary extends Feed {
  subscribers: number;
}

/** Feeds and who reads them: subscribing, settings, leaving, and the feeds as a list. */
@Injectable()
export class FeedsService {
  private readonly unsubscribeListeners: Array<(feedId: string) => Promise<void>> = [];

  constructor(
    private readonly repository: FeedsRepository,
    private readonly addresses: UrlAddressPolicy,
    private readonly clock: Clock,
    private readonly cipher: CredentialCipher,
  ) {}

  /**
   * Subscribes a user to a feed URL; subscribing again changes the settings it names (`settingsOver`),
   * the others stay. Every way in (dashboard,
   * CLI, OPML import) comes here, so the address policy is applied here, once, before anything is
   * stored: RefusedAddressError for a loopback, link-local or private address.
   * `known.title`: what a lookup just read as the feed's title, shown until its first poll writes the
   * feed's own (for a feed new to Tidings only; a known feed keeps what its polls found).
   * `login`: the feed is read with these credentials, and is another feed than the URL without them
   * (or with others): subscribing again with the same login changes that subscription's settings.
   */
  async subscribe(
    userId: string,
    url: string,
    settings: SettingsGiven,
    known: { title?: string | null } = {},
    login?: FeedCredentials,
  ): Promise<Subscription> {
    const feedUrl = validateFeedUrl(url);
    const valid = parseOrThrow(subscriptionSettingsSchema, settings);
    const credentials = login && parseOrThrow(feedCredentialsSchema, login);
    await this.addresses.assertStorable(feedUrl);
    const now = this.clock.now();
    const title = known.title?.trim().slice(0, 500) || null;
    const feed = await this.findOrCreateFeed(feedUrl, now, title, credentials);
    return this.repository.saveSubscription(
      userId,
      feed.id,
      (existing) =>
        existing ? parseOrThrow(subscriptionSettingsSchema, settingsOver(existing, settings)) : valid,
      now,
    );
  }

  /** Replaces the settings of one of the reader's subscriptions, whatever its feed's login. */
  async updateSettings(
    userId: string,
    subscriptionId: string,
    settings: Partial<SubscriptionSettings>,
  ): Promise<Subscription> {
    const valid = parseOrThrow(subscriptionSettingsSchema, settings);
    const subscription = await this.subscriptionOfUser(userId, subscriptionId);
    return this.repository.saveSubscription(userId, subscription.feedId, () => valid, this.clock.now());
  }

  /**
   * Gives the reader's subscription a login (or takes it away, `null`): it then reads the feed of its
   * URL with those credentials, another feed row, keeping its settings.
   */
  async changeLogin(userId: string, subscriptionId: string, login: FeedCredentials | null): Promise<void> {
    const subscription = await this.subscriptionOfUser(userId, subscriptionId);
    const credentials = login && parseOrThrow(feedCredentialsSchema, login);
    const { url, title } = subscription.feed;
    const feed = await this.findOrCreateFeed(url, this.clock.now(), title, credentials ?? undefined);
    if (feed.id === subscription.feedId) return;
    if (!(await this.repository.moveSubscription(subscriptionId, feed.id)))
      throw new ValidationError('you already follow this feed with that login');
    await this.tellUnsubscribed(subscription.feedId);
  }

  /**
   * Sends one subscription's emails to `address` (null: back to the account address). An address the
   * reader confirmed for another of their feeds is confirmed at once ('confirmed'); any other waits for
   * the link whose token hashes to `tokenHash` ('waiting'), and until then the account address gets it all.
   */
  async chooseDeliverTo(
    userId: string,
    subscriptionId: string,
    address: string | null,
    tokenHash: string,
  ): Promise<'account' | 'confirmed' | 'waiting'> {
    await this.subscriptionOfUser(userId, subscriptionId);
    if (address === null) {
      await this.repository.setDeliverTo(subscriptionId, null, {
        tokenHash: null,
        confirmedAt: null,
        linkSentAt: null,
      });
      return 'account';
    }
    if (await this.repository.hasConfirmedDeliverTo(userId, address)) {
      await this.repository.setDeliverTo(subscriptionId, address, {
        tokenHash: null,
        confirmedAt: this.clock.now(),
        linkSentAt: null,
      });
      return 'confirmed';
    }
    await this.repository.setDeliverTo(subscriptionId, address, {
      tokenHash,
      confirmedAt: null,
      linkSentAt: this.clock.now(),
    });
    return 'waiting';
  }

  /** Whether the user confirmed this address already (for another feed): no link needs sending. */
  hasConfirmedDeliverTo(userId: string, address: string): Promise<boolean> {
    return this.repository.hasConfirmedDeliverTo(userId, address);
  }

  /** The subscription waiting for the link with this token (null: unknown, used, replaced or expired). */
  async waitingForDeliverToToken(tokenHash: string): Promise<Subscription | null> {
    const subscription = await this.repository.findByDeliverToToken(tokenHash);
    const sentAfter = oldestLiveDeliverToLink(this.clock.now());
    const live = subscription?.deliverToLinkSentAt && subscription.deliverToLinkSentAt >= sentAfter;
    return subscription && live && !subscription.deliverToConfirmedAt ? subscription : null;
  }

  /** Confirms the address the token's link was sent to; null when the link is unknown, used or expired. */
  confirmDeliverTo(tokenHash: string): Promise<Subscription | null> {
    const now = this.clock.now();
    return this.repository.confirmDeliverTo(tokenHash, now, oldestLiveDeliverToLink(now));
  }

  /** The `Authorization` header that reads this feed; null for a public feed. */
  async authorizationFor(feedId: string): Promise<string | null> {
    const sealed = await this.repository.findSealedLogin(feedId);
    return sealed ? authorizationHeader(this.cipher.open(sealed, feedId)) : null;
  }

  /** Ends the user's subscriptions to this URL (behind a login or not). */
  async unsubscribe(userId: string, url: string): Promise<void> {
    const followed = await this.subscriptionsOfUrl(userId, url.trim());
    if (followed.length === 0) throw new NotFoundError(`not subscribed to ${url.trim()}`);
    for (const subscription of followed) await this.removeSubscription(subscription.id);
  }

  /** Told after a reader leaves a feed (push subscriptions end with the feed's last reader). */
  onUnsubscribed(listener: (feedId: string) => Promise<void>): void {
    this.unsubscribeListeners.push(listener);
  }

  /** Ends one subscription by id (one-click unsubscribe); false when it was already gone. */
  async removeSubscription(subscriptionId: string): Promise<boolean> {
    const subscription = await this.repository.findSubscription({ id: subscriptionId });
    if (!subscription || !(await this.repository.deleteSubscription({ id: subscriptionId }))) return false;
    await this.tellUnsubscribed(subscription.feedId);
    return true;
  }

  async subscriptionsOfUser(userId: string): Promise<Array<Subscription & { feed: Feed }>> {
    return (await this.subscriptionsOfUsers([userId])).get(userId) ?? [];
  }

  /** Each of these readers' subscriptions with their feeds, oldest first (a reader with none is absent). */
  async subscriptionsOfUsers(
    userIds: readonly string[],
  ): Promise<Map<string, Array<Subscription & { feed: Feed }>>> {
    const subscriptions = await this.repository.subscriptionsOfUsers(userIds);
    const feeds = await this.repository.findByIds([
      ...new Set(subscriptions.map((subscription) => subscription.feedId)),
    ]);
    const byUser = new Map<string, Array<Subscription & { feed: Feed }>>();
    for (const subscription of subscriptions) {
      const withFeed = { ...subscription, feed: feeds.get(subscription.feedId)! };
      const ofUser = byUser.get(subscription.userId);
      if (ofUser) ofUser.push(withFeed);
      else byUser.set(subscription.userId, [withFeed]);
    }
    return byUser;
  }

  /** One of the user's own subscriptions; another user's id is simply not found. */
  async subscriptionOfUser(userId: string, subscriptionId: string): Promise<Subscription & { feed: Feed }> {
    const subscription = await this.repository.findSubscription({ id: subscriptionId, userId });
    if (!subscription) throw new NotFoundError('no such subscription');
    return { ...subscription, feed: await this.getFeed(subscription.feedId) };
  }

  /** A feed's subscriptions, oldest first. */
  /**
   * host → the readers who follow in real time (not paused) a feed of that site: its site page's host,
   * else its own URL's, compared by `comparableHost`.
   */
  async realtimeFollowersOfSites(hosts: readonly string[]): Promise<Map<string, Set<string>>> {
    const wanted = new Set(hosts);
    const followers = new Map<string, Set<string>>();
    for (const row of await this.repository.realtimeFollowersOfHosts([...wanted])) {
      const host = comparableHost(row.siteUrl ?? row.url);
      if (!host || !wanted.has(host)) continue;
      followers.set(host, (followers.get(host) ?? new Set()).add(row.userId));
    }
    return followers;
  }

  subscriptionsOfFeed(feedId: string): Promise<Subscription[]> {
    return this.repository.subscriptionsOfFeed(feedId);
  }

  /** Feeds in each status (active, broken, gone): `{ status, count }`. */
  /** For the admin page: feeds whose last polls failed, with the last error. */
  failingFeeds(limit: number): Promise<Feed[]> {
    return this.repository.failing(limit);
  }

  countByStatus(): Promise<GroupCount[]> {
    return this.repository.countByStatus();
  }

  listFeeds(): Promise<FeedSummary[]> {
    return this.repository.listWithSubscribers();
  }

  async getFeed(feedId: string): Promise<Feed> {
    const feed = await this.repository.findById(feedId);
    if (!feed) throw new NotFoundError(`no feed ${feedId}`);
    return feed;
  }

  private async tellUnsubscribed(feedId: string): Promise<void> {
    for (const listener of this.unsubscribeListeners) await listener(feedId);
  }

  private async subscriptionsOfUrl(userId: string, url: string) {
    return (await this.subscriptionsOfUser(userId)).filter((subscription) => subscription.feed.url === url);
  }

  /** A new feed waits for its first poll now, with no poll state yet. */
  private async findOrCreateFeed(
    url: string,
    now: Date,
    title: string | null,
    login?: FeedCredentials,
  ): Promise<Feed> {
    const authFingerprint = login ? this.cipher.fingerprint(login) : null;
    const urlHash = feedIdentityHash(url, authFingerprint);
    const id = newId();
    return (
      (await this.repository.findByUrlHash(urlHash)) ??
      this.repository.insertOrFind({
        id,
        url,
        urlHash,
        title,
        authSecret: login ? this.cipher.seal(login, id) : null,
        authFingerprint,
        siteUrl: null,
        status: 'active',
        etag: null,
        lastModified: null,
        bodyHash: null,
        lastOutcome: null,
        lastPolledAt: null,
        nextPollAt: now,
        errorCount: 0,
        lastError: null,
        failingSince: null,
        brokenSince: null,
        pollIntervalSeconds: null,
        pushActiveUntil: null,
        redirectCandidate: null,
        redirectStreak: 0,
        movedFrom: null,
        movedAt: null,
        pollClaimToken: null,
        pollClaimedBy: null,
        pollClaimedUntil: null,
        createdAt: now,
        updatedAt: now,
      })
    );
  }
}
