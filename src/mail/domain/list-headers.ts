/**
 * Headers that Gmail, Yahoo and Outlook's 2024 sender rules look for on subscribed mail: List-Id (one
 * list per feed), RFC 8058 one-click List-Unsubscribe with its POST marker, and Auto-Submitted so that
 * out-of-office robots stay quiet. `Precedence: list`, as list managers write it, keeps the robots that
 * predate Auto-Submitted quiet too, and tells spam filters this is list mail (SpamAssassin's
 * MAILING_LIST_MULTI, which turns off rules such as PDS_BRAND_SUBJ_NAKED_TO: a feed named like the
 * reader's mail domain, "Example Blog is gone" to reader@example.com, scored 1.0 without it).
 */
export interface ListHeaderInput {
  /** A feed id (or another stable name): becomes `<id.lists.domain>`. */
  listKey: string;
  listName: string;
  domain: string;
  unsubscribeUrl: string;
  unsubscribeMailto: string;
  /** The feed of an email about one feed: sent as `X-Tidings-Feed`, for mail filters. */
  feedUrl?: string;
}

/** A header line is at most 998 characters (RFC 5322): a longer feed URL is left out of its header. */
const MAX_FEED_HEADER_URL = 900;

/**
 * Ready to send as they are (plain ASCII, folded): the transport must not MIME-encode them, or the
 * list id and the URLs inside `<…>` would no longer be readable by receivers.
 */
export function listHeaders(input: ListHeaderInput): Record<string, string> {
  const listId = `${input.listKey.toLowerCase().replace(/[^a-z0-9-]/g, '')}.lists.${input.domain}`;
  const feedUrl = input.feedUrl === undefined ? null : publicFeedUrl(input.feedUrl);
  return {
    'List-Id': `${listLabel(input.listName)} <${listId}>`,
    'List-Unsubscribe': `<${input.unsubscribeUrl}>,\r\n <${input.unsubscribeMailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    Precedence: 'list',
    ...(feedUrl && feedUrl.length <= MAX_FEED_HEADER_URL ? { 'X-Tidings-Feed': feedUrl } : {}),
  };
}

/**
 * The feed's URL as a header may show it: ASCII (punycode host, percent-encoded path) and never the
 * user name or password a URL can carry. Null for what is not a URL.
 */
export function publicFeedUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return null;
  }
}

/**
 * The List-Id's description (RFC 2919: a phrase): the feed's title quoted, or, when it is not ASCII,
 * as RFC 2047 encoded words (UTF-8, base64), which mail clients and filters decode, folded one per
 * line so that no line passes 78 characters.
 */
export function listLabel(name: string): string {
  const phrase = quotePhrase(name);
  if (/^[\x20-\x7e]*$/.test(phrase)) return phrase;
  const text = phrase.slice(1, -1).replace(/\\(.)/g, '$1');
  const words: string[] = [];
  let chunk = '';
  for (const character of text) {
    if (Buffer.byteLength(chunk + character) > ENCODED_WORD_BYTES) {
      words.push(encodedWord(chunk));
      chunk = '';
    }
    chunk += character;
  }
  if (chunk) words.push(encodedWord(chunk));
  return words.join('\r\n ');
}

/** 45 bytes make 60 base64 characters: an encoded word of 72, within RFC 2047's 75. */
const ENCODED_WORD_BYTES = 45;

function encodedWord(text: string): string {
  return `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;
}

/** The headers `listHeaders` makes, which the transport passes through untouched. */
export const PREPARED_HEADERS: ReadonlySet<string> = new Set([
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'X-Tidings-Feed',
]);

/** On every email we send: we are a robot, please do not auto-reply. */
export const AUTOMATED_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Auto-Submitted': 'auto-generated',
  'X-Auto-Response-Suppress': 'OOF, AutoReply',
});

/** A display name as an RFC 5322 quoted string: no line breaks, quotes and backslashes escaped. */
export function quotePhrase(name: string): string {
  const clean = name
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/["\\]/g, '\\$&')
    .trim()
    .slice(0, 200);
  return `"${clean}"`;
}
