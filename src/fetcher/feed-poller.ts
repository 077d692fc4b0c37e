import { Inject, Injectable, Logger } from '@nestjs/common';
import { RandomNumbers } from '../common/random-numbers';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { UnreadableCredentialsError } from '../feeds/credential-cipher';
import { FeedRef, FeedsService } from '../feeds/feeds.service';
import { BodyIngester, Ingested } from './body-ingester';
import { Classified, classifyResponse, Failure } from './domain/classify-response';
import { HealthPolicy } from './domain/feed-health';
import { nextPollState, PollOutcome } from './domain/next-poll-state';
import { firstHeader } from './domain/response-hints';
import { FetchError } from '../http/fetch-error';
import { FeedNotices } from './feed-notices';
import { HostHoldsRepository } from './host-holds.repository';
import { DueFeed } from './poll-state.repository';
import { PollStateWriter } from './poll-state-writer';
import { SafeFetchResponse, SafeHttpClient } from '../http/safe-http-client';

const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5';

/** What polling one feed amounted to, for the cycle's report. */
export interface FeedPollResult {
  kind: PollOutcome['kind'];
  /** What `feeds list` shows as the last outcome (`not-modified`, `parsed`, `http-404`, …). */
  label: string;
  isFailure: boolean;
  /** Why it failed, in words (`HTTP 404`, the parser's or the fetch's message); null when it did not. */
  reason: string | null;
  newEntries: number;
  emailsEnqueued: number;
  /** The host this poll was asked to leave alone (429/503 with Retry-After), and until when. */
  hostHeld: { host: string; until: Date } | null;
}

/** Told after each fetch that brought a new body, with the response and the feed's site link (push reads them). */
export type FeedFetchedListener = (
  feed: FeedRef,
  response: SafeFetchResponse,
  siteUrl: string | null,
) => Promise<void>;

/**
 * Polls one feed: a conditional GET, its response classified once (`classifyResponse`), a new body
 * ingested, then the outcome applied: the host held when it asked us to wait, the feed's next state
 * (`nextPollState`) handed to the cycle's writer, its subscribers told when it is gone or broken.
 */
@Injectable()
export class FeedPoller {
  private readonly logger = new Logger(FeedPoller.name);
  private readonly fetchedListeners: FeedFetchedListener[] = [];
  private readonly policy: HealthPolicy;

  constructor(
    private readonly http: SafeHttpClient,
    private readonly ingester: BodyIngester,
    private readonly holds: HostHoldsRepository,
    private readonly notices: FeedNotices,
    private readonly random: RandomNumbers,
    private readonly feeds: FeedsService,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.policy = {
      floorMs: config.POLL_FLOOR_MINUTES * 60_000,
      ceilingMs: config.POLL_CEILING_HOURS * 3_600_000,
      brokenAfterMs: config.FEED_BROKEN_AFTER_HOURS * 3_600_000,
    };
  }

  /** `onSent`: told as the request leaves (the host's gap runs from then). */
  async poll(
    feed: DueFeed,
    now: Date,
    writer: PollStateWriter,
    onSent?: () => void,
  ): Promise<FeedPollResult> {
    let response: SafeFetchResponse;
    try {
      response = await this.http.fetch(feed.url, {
        accept: FEED_ACCEPT,
        etag: feed.etag,
        lastModified: feed.lastModified,
        userAgent: `Tidings/0.1 (+${this.config.PUBLIC_URL}; ${feed.subscribers} subscribers)`,
        authorization: feed.authFingerprint ? await this.feeds.authorizationFor(feed.id) : null,
        onSent,
      });
    } catch (error) {
      const failure = failureOf(error);
      if (!failure) throw error;
      return this.apply(feed, { outcome: failure, freshnessMs: 0, movedTo: null }, now, writer);
    }
    const classified = classifyResponse(response, feed, now);
    const { outcome } = classified;
    if (outcome.kind !== 'new-body') return this.apply(feed, { ...classified, outcome }, now, writer);
    const source = {
      finalUrl: response.finalUrl,
      contentType: firstHeader(response.headers['content-type']),
    };
    const ingested = await this.ingester.ingest(feed, response.body, source, now);
    if (ingested.kind === 'failed')
      return this.apply(feed, { ...classified, outcome: ingested }, now, writer);
    const { validators, bodyHash } = outcome;
    const parsed = { kind: 'parsed', validators, bodyHash, ...ingested.feed } as const;
    const result = await this.apply(feed, { ...classified, outcome: parsed }, now, writer, ingested);
    await this.tellFetched(feed, response, parsed.siteUrl);
    return result;
  }

  /**
   * A body the publisher pushed (WebSub): parsed, deduplicated and delivered like a fetched one, without
   * fetching. One that does not parse changes nothing (the feed itself is not failing).
   */
  async ingestPushed(
    feed: DueFeed,
    body: Buffer,
    now: Date,
    writer: PollStateWriter,
    contentType?: string,
  ): Promise<FeedPollResult> {
    const ingested = await this.ingester.ingest(feed, body, { finalUrl: feed.url, contentType }, now);
    if (ingested.kind === 'failed') {
      const { kind, label, reason } = ingested;
      return { kind, label, isFailure: true, reason, newEntries: 0, emailsEnqueued: 0, hostHeld: null };
    }
    const outcome = { kind: 'pushed', ...ingested.feed } as const;
    return this.apply(feed, { outcome, freshnessMs: 0, movedTo: null }, now, writer, ingested);
  }

  onFetched(listener: FeedFetchedListener): void {
    this.fetchedListeners.push(listener);
  }

  private async apply(
    feed: DueFeed,
    polled: Classified<PollOutcome>,
    now: Date,
    writer: PollStateWriter,
    ingested?: Ingested,
  ): Promise<FeedPollResult> {
    const { outcome } = polled;
    if (outcome.kind === 'rate-limited') await this.holds.hold(outcome.host, outcome.until, outcome.reason);
    const next = nextPollState(feed, polled, now, this.policy, this.random.next());
    await writer.add(feed.id, next.update);
    writer.addPlanned(ingested?.planned ?? []);
    if (next.notice) {
      const { problem, detail, brokenSince } = next.notice;
      await this.notices.tell(feed, problem, detail, brokenSince);
    }
    return {
      kind: outcome.kind,
      label: next.label,
      isFailure: next.isFailure,
      reason: next.isFailure ? ('reason' in outcome && outcome.reason) || next.label : null,
      newEntries: ingested?.newEntries ?? 0,
      emailsEnqueued: ingested?.emailsEnqueued ?? 0,
      hostHeld: outcome.kind === 'rate-limited' ? { host: outcome.host, until: outcome.until } : null,
    };
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

/** A fetch that could not be made, or a login that could not be read, as the feed's failure. */
function failureOf(error: unknown): Failure | null {
  if (error instanceof FetchError) return { kind: 'failed', label: error.kind, reason: error.message };
  if (error instanceof UnreadableCredentialsError)
    return { kind: 'failed', label: 'login-unreadable', reason: error.message };
  return null;
}
