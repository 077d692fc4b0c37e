/** What a response's headers say about when to come back. Header values are as undici gives them. */
export type HeaderValue = string | string[] | undefined;

/** A header's first value (undici gives repeated headers as arrays). */
export function firstHeader(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `Retry-After` as an instant: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterUntil(value: HeaderValue, now: Date): Date | null {
  const text = firstHeader(value)?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return new Date(now.getTime() + Number(text) * 1000);
  // An HTTP date names its month; V8 would otherwise read "-5" as a year.
  const date = /[a-z]{3}/i.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(date) ? null : new Date(date);
}

/** How long caches may keep the response (`Cache-Control: max-age`, else `Expires`), in ms; 0 when unsaid. */
export function freshnessMs(
  headers: { cacheControl?: HeaderValue; expires?: HeaderValue },
  now: Date,
): number {
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(firstHeader(headers.cacheControl) ?? '');
  if (maxAge) return Number(maxAge[1]) * 1000;
  const expires = Date.parse(firstHeader(headers.expires) ?? '');
  return Number.isNaN(expires) ? 0 : Math.max(0, expires - now.getTime());
}

/**
 * A bot-challenge page (Cloudflare, Akamai, captcha walls) answered instead of the feed: an HTML 403
 * or 503. It is recorded as such and never parsed as a feed.
 */
export function isBotChallenge(status: number, contentType: HeaderValue, body: string): boolean {
  if (status !== 403 && status !== 503) return false;
  const looksHtml = /html/i.test(firstHeader(contentType) ?? '') || /^\s*(<!doctype html|<html)/i.test(body);
  if (!looksHtml) return false;
  return /cf-chl|challenge-platform|just a moment|attention required|captcha|are you a robot|verify you are human|ddos protection/i.test(
    body.slice(0, 100_000),
  );
}
