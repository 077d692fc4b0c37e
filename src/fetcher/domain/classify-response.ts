import { sha256Hex } from '../../common/ids';
import { isSameOrigin } from '../../http/domain/request-target';
import { hostOf } from './host-of';
import { firstHeader, freshnessMs, HeaderValue, isBotChallenge, retryAfterUntil } from './response-hints';

/** A feed's HTTP validators, exactly as the server sent them. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/** A response as the fetcher's HTTP client gives it. */
export interface FetchedResponse {
  status: number;
  finalUrl: string;
  /** Where the leading run of permanent redirects (301/308) led; null without one. */
  permanentUrl: string | null;
  headers: Record<string, HeaderValue>;
  body: Buffer;
}

/** What went wrong, as `feeds list` shows it (`label`: `http-404`, `timeout`, …) and in words. */
export interface Failure {
  kind: 'failed';
  label: string;
  reason: string;
}

/** What a response means for its feed. `new-body` is the only one that still needs parsing. */
export type ResponseOutcome =
  | { kind: 'not-modified'; validators: Partial<Validators> }
  | { kind: 'same-hash'; validators: Validators }
  | { kind: 'new-body'; validators: Validators; bodyHash: string }
  | { kind: 'gone'; reason: string }
  /** 429 or 503 with a readable Retry-After: the whole host waits until then. */
  | { kind: 'rate-limited'; label: string; reason: string; host: string; until: Date }
  | Failure;

/** An outcome with the facts of the response every outcome may need. */
export interface Classified<Outcome> {
  outcome: Outcome;
  /** How long the server said its answer stays fresh (max-age, Expires), in ms; 0 when unsaid. */
  freshnessMs: number;
  /** The feed's new URL when the publisher redirected it permanently; null otherwise. */
  movedTo: string | null;
}

/** Decides, once, what a response to a feed's conditional GET means. */
export function classifyResponse(
  response: FetchedResponse,
  feed: { url: string; bodyHash: string | null; authFingerprint?: string | null },
  now: Date,
): Classified<ResponseOutcome> {
  const { headers, permanentUrl } = response;
  return {
    outcome: outcomeOf(response, feed, now),
    freshnessMs: freshnessMs({ cacheControl: headers['cache-control'], expires: headers['expires'] }, now),
    movedTo: permanentUrl && permanentUrl !== feed.url && mayMove(feed, permanentUrl) ? permanentUrl : null,
  };
}

function outcomeOf(
  response: FetchedResponse,
  feed: { url: string; bodyHash: string | null; authFingerprint?: string | null },
  now: Date,
): ResponseOutcome {
  const { status, headers, body } = response;
  const storedHash = feed.bodyHash;
  const validators = validatorsOf(headers);
  if (status === 304) {
    // A 304 may renew the validators; one it leaves out stays as it was.
    const renewed = Object.fromEntries(Object.entries(validators).filter(([, value]) => value !== null));
    return { kind: 'not-modified', validators: renewed };
  }
  if (status === 410) return { kind: 'gone', reason: 'HTTP 410 Gone' };
  if (status !== 200) {
    const challenge = isBotChallenge(status, headers['content-type'], body.toString('utf8'));
    const reason =
      (status === 401 || status === 403) && !challenge
        ? askedLogin(status, feed, response.finalUrl)
        : `HTTP ${status}`;
    const label = challenge ? 'bot-challenge' : `http-${status}`;
    const until = status === 429 || status === 503 ? retryAfterUntil(headers['retry-after'], now) : null;
    if (until) return { kind: 'rate-limited', label, reason, host: hostOf(response.finalUrl), until };
    return { kind: 'failed', label, reason };
  }
  const bodyHash = sha256Hex(body);
  if (bodyHash === storedHash) return { kind: 'same-hash', validators };
  return { kind: 'new-body', validators, bodyHash };
}

/**
 * What the reader sees when the feed refuses us: no login, or one it does not take, or (a feed with a
 * login redirected to another origin, which its login never goes to) where to subscribe instead.
 */
function askedLogin(
  status: number,
  feed: { url: string; authFingerprint?: string | null },
  finalUrl: string,
): string {
  const asked = `the feed asks for a login (HTTP ${status})`;
  if (!feed.authFingerprint || isSameOrigin(feed.url, finalUrl)) return asked;
  return (
    `${asked} at ${finalUrl}, where it redirects: its login is sent only to ${new URL(feed.url).origin}; ` +
    'subscribe to the new address with the login'
  );
}

/** A feed behind a login never follows its publisher to another origin: its login would go there. */
function mayMove(feed: { url: string; authFingerprint?: string | null }, to: string): boolean {
  return !feed.authFingerprint || isSameOrigin(feed.url, to);
}

/** Validators exactly as the server sent them; one too long for its column is dropped, never cut. */
function validatorsOf(headers: Record<string, HeaderValue>): Validators {
  const etag = firstHeader(headers['etag']) ?? null;
  const lastModified = firstHeader(headers['last-modified']) ?? null;
  return {
    etag: etag && etag.length <= 1024 ? etag : null,
    lastModified: lastModified && lastModified.length <= 128 ? lastModified : null,
  };
}
