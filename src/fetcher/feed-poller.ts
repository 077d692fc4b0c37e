import { Inject, Injectable, Logger } from '@nestjs/common';
import { sha256Hex } from '../common/ids';
import { isUniqueViolation } from '../common/zod-errors';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { DeliveryService } from '../delivery/delivery.service';
import { EntriesService } from '../entries/entries.service';
import { FeedParseError } from '../entries/domain/parse-feed';
import { FeedParser } from '../entries/feed-parser';
import { DueFeed, FeedPollUpdate, FeedRef, FeedsService } from '../feeds/feeds.service';
import { changedFields } from './domain/changed-fields';
import { HealthPolicy, nextHealth, PollResult } from './domain/feed-health';
import { adaptiveIntervalMs, keptIntervalMs, scheduledIntervalMs } from './domain/poll-interval';
import { freshnessMs, HeaderValue, isBotChallenge, retryAfterUntil } from './domain/response-hints';
import { FetchError } from './fetch-error';
import { FeedNotices } from './feed-notices';
import { HostHoldsService, hostOf } from './host-holds.service';
import { PollStateWriter } from './poll-state-writer';
import { SafeFetchResponse, SafeHttpClient } from './safe-http-client';

const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5';

/** What polling one feed amounted to; `outcome` is what `feeds list` shows as the last outcome. */
export interface FeedPollResult {
  outcome: string;
  isFailure: boolean;
  newEntries: number;
  emailsEnqueued: number;
}

/** Told after each fetch that brought a new body, with the response and the feed's site link (push reads them). */
export type FeedFetchedListener = (
  feed: FeedRef,
  response: SafeFetchResponse,
  siteUrl: string | null,
) => Promise<void>;

interface Finish {
  result: PollResult;
  outcome: string;
  update?: FeedPollUpdate;
  error?: string;
  /** New entries and emails enqueued. */
  delivered?: [number, number];
  /** Entries whose delivery was planned by this poll. */
  planned?: readonly string[];
}

/** Polls one feed: conditional GET → 304 / same hash / parse → dedup → delivery, then its new state. */
@Injectable()
export class FeedPoller {
  private readonly logger = new Logger(FeedPoller.name);
  private readonly fetchedListeners: FeedFetchedListener[] = [];
  private readonly limits: { floorMs: number; ceilingMs: number };
  private readonly policy: HealthPolicy;

  constructor(
    private readonly feeds: FeedsService,
    private readonly entries: EntriesService,
    private readonly parser: FeedParser,
    private readonly delivery: DeliveryService,
    private readonly http: SafeHttpClient,
    private readonly notices: FeedNotices,
    private readonly holds: HostHoldsService,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.limits = {
      floorMs: config.POLL_FLOOR_MINUTES * 60_000,
      ceilingMs: config.POLL_CEILING_HOURS * 3_600_000,
    };
    this.policy = { ...this.limits, brokenAfterMs: config.FEED_BROKEN_AFTER_HOURS * 3_600_000 };
  }

  /** Polls one feed; its new state goes to `writer` (batched), or straight to the database without one. */
  async poll(feed: DueFeed, now: Date, writer?: PollStateWriter): Promise<FeedPollResult> {
    let response: SafeFetchResponse;
    try {
      response = await this.http.fetch(feed.url, {
        accept: FEED_ACCEPT,
        etag: feed.etag,
        lastModified: feed.lastModified,
        userAgent: `Tidings/0.1 (+${this.config.PUBLIC_URL}; ${feed.subscribers} subscribers)`,
      });
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      return this.finish(feed, now, { result: failure(), outcome: error.kind, error: error.message }, writer);
    }
    const moved =
      response.permanentUrl && response.permanentUrl !== feed.url ? { url: response.permanentUrl } : {};
    const done = await this.interpret(feed, response, now);
    const result = await this.finish(feed, now, done, writer, moved);
    if (done.outcome === 'parsed') await this.tellFetched(feed, response, done.update?.siteUrl ?? null);
    return result;
  }

  /**
   * A body the publisher pushed (WebSub): parsed, deduplicated and delivered like a fetched one, without
   * fetching. One that does not parse changes nothing (the feed itself is not failing).
   */
  async ingestPushed(feed: DueFeed, body: Buffer, now: Date, contentType?: string): Promise<FeedPollResult> {
    const pushed = { status: 200, finalUrl: feed.url, permanentUrl: null, headers: {}, body };
    const done = await this.parseAndDeliver(feed, pushed, now, {}, 0, contentType);
    if (done.outcome !== 'parsed')
      return { outcome: done.outcome, isFailure: true, newEntries: 0, emailsEnqueued: 0 };
    return this.finish(feed, now, { ...done, outcome: 'pushed' }, undefined);
  }

  onFetched(listener: FeedFetchedListener): void {
    this.fetchedListeners.push(listener);
  }

  private async interpret(feed: DueFeed, response: SafeFetchResponse, now: Date): Promise<Finish> {
    const { status, headers } = response;
    const validators = validatorsOf(headers);
    const hinted = freshnessMs({ cacheControl: headers['cache-control'], expires: headers['expires'] }, now);
    const unchanged = {
      kind: 'success',
      intervalMs: keptIntervalMs(feed.pollIntervalSeconds, hinted, this.limits),
    } as const;
    if (status === 304) {
      // A 304 may renew the validators; one it leaves out stays as it was.
      const renewed = Object.fromEntries(Object.entries(validators).filter(([, value]) => value !== null));
      return { result: unchanged, outcome: 'not-modified', update: renewed };
    }
    if (status === 410) return { result: { kind: 'gone' }, outcome: 'gone', error: 'HTTP 410 Gone' };
    if (status !== 200) {
      const retryAfter =
        status === 429 || status === 503 ? retryAfterUntil(headers['retry-after'], now) : null;
      if (retryAfter) await this.holds.hold(hostOf(response.finalUrl), retryAfter, `HTTP ${status}`);
      const challenge = isBotChallenge(status, headers['content-type'], response.body.toString('utf8'));
      return {
        result: failure(retryAfter),
        outcome: challenge ? 'bot-challenge' : `http-${status}`,
        error: `HTTP ${status}`,
      };
    }
    const bodyHash = sha256Hex(response.body);
    if (bodyHash === feed.bodyHash) return { result: unchanged, outcome: 'same-hash', update: validators };
    return this.parseAndDeliver(feed, response, now, { ...validators, bodyHash }, hinted);
  }

  private async parseAndDeliver(
    feed: DueFeed,
    response: SafeFetchResponse,
    now: Date,
    update: FeedPollUpdate,
    hinted: number,
    contentType = first(response.headers['content-type']),
  ): Promise<Finish> {
    let parsed;
    try {
      parsed = await this.parser.parse(response.body, { feedUrl: response.finalUrl, contentType });
    } catch (error) {
      if (!(error instanceof FeedParseError)) throw error;
      return { result: failure(), outcome: 'parse-error', error: error.message, delivered: [0, 0] };
    }
    // The first successful parse records what is there and emails nothing: no flood on subscribe.
    const isFirstParse = feed.bodyHash === null;
    const inserted = await this.entries.ingest(feed.id, parsed.entries, now, { deliver: !isFirstParse });
    const title = parsed.title?.slice(0, 500) ?? feed.title;
    const emails = isFirstParse ? 0 : await this.delivery.deliverNewEntries({ ...feed, title }, inserted);
    const history = await this.entries.recentPublicationTimes(feed.id);
    const intervalMs = adaptiveIntervalMs(
      history,
      { freshnessMs: hinted, ttlMinutes: parsed.ttlMinutes },
      this.limits,
    );
    return {
      result: { kind: 'success', intervalMs },
      outcome: 'parsed',
      update: { ...update, title, siteUrl: parsed.siteUrl ?? feed.siteUrl },
      delivered: [isFirstParse ? 0 : inserted.length, emails],
      planned: isFirstParse ? [] : inserted.map((entry) => entry.id),
    };
  }

  private async finish(
    feed: DueFeed,
    now: Date,
    done: Finish,
    writer: PollStateWriter | undefined,
    moved: FeedPollUpdate = {},
  ): Promise<FeedPollResult> {
    const scheduled =
      done.result.kind === 'success'
        ? {
            ...done.result,
            intervalMs: scheduledIntervalMs(done.result.intervalMs, feed.pushActiveUntil, now, this.limits),
          }
        : done.result;
    const health = nextHealth(feed, scheduled, now, this.policy, Math.random());
    const update = changedFields<FeedPollUpdate>(feed, {
      ...done.update,
      lastOutcome: done.outcome,
      lastPolledAt: now,
      lastError: done.error?.slice(0, 1000) ?? null,
      status: health.status,
      errorCount: health.errorCount,
      failingSince: health.failingSince,
      brokenSince: health.brokenSince,
      nextPollAt: health.nextPollAt,
      ...(done.result.kind === 'success'
        ? { pollIntervalSeconds: Math.round(done.result.intervalMs / 1000) }
        : {}),
    });
    if (moved.url) {
      await this.feeds.recordPoll(feed.id, { ...update, ...moved }).catch(async (error: unknown) => {
        // The new URL already belongs to another feed: keep polling this one where it is.
        if (!isUniqueViolation(error)) throw error;
        await this.feeds.recordPoll(feed.id, update);
      });
    } else if (writer) await writer.add(feed.id, update);
    else await this.feeds.recordPoll(feed.id, update);
    if (writer) writer.addPlanned(done.planned ?? []);
    else await this.entries.markDeliveryPlanned(done.planned ?? [], now);
    if (health.notify)
      await this.notices.tell(feed, health.notify, done.error ?? done.outcome, health.brokenSince);
    const [newEntries, emailsEnqueued] = done.delivered ?? [0, 0];
    return { outcome: done.outcome, isFailure: done.result.kind !== 'success', newEntries, emailsEnqueued };
  }

  private async tellFetched(
    feed: FeedRef,
    response: SafeFetchResponse,
    siteUrl: string | null,
  ): Promise<void> {
    for (const listener of this.fetchedListeners) {
      await listener(feed, response, siteUrl).catch((error: Error) =>
        this.logger.warn(`after fetching feed ${feed.id}: ${error.message}`),
      );
    }
  }
}

function failure(retryAfter: Date | null = null): PollResult {
  return { kind: 'failure', retryAfter };
}

function first(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Validators exactly as the server sent them; one too long for its column is dropped, never cut. */
function validatorsOf(headers: SafeFetchResponse['headers']): Pick<FeedPollUpdate, 'etag' | 'lastModified'> {
  const etag = first(headers['etag']) ?? null;
  const lastModified = first(headers['last-modified']) ?? null;
  return {
    etag: etag && etag.length <= 1024 ? etag : null,
    lastModified: lastModified && lastModified.length <= 128 ? lastModified : null,
  };
}
