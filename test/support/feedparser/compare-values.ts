import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { rewriteForEmail } from '../../../src/content/rewrite/rewrite-for-email';
import type { FeedparserCase } from './feedparser-cases';

/** How a value Tidings keeps is compared with the value feedparser expects. */
/** An end tag, a character reference, or a start tag of a common HTML element. */
const LOOKS_LIKE_HTML =
  /<\/[A-Za-z][\w-]*\s*>|&#?\w+;|<(a|b|i|p|br|hr|img|div|span|em|strong|ul|ol|li|table|pre|code|svg|math)[\s/>]/i;

/** A feedparser value as text: HTML (see LOOKS_LIKE_HTML) is read as HTML. */
export function textOf(value: unknown, isAuthor = false): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const plain = spaced(LOOKS_LIKE_HTML.test(text) ? fragmentText(text) : text);
  return isAuthor ? plain.replace(/^(.+?) \([^()\s]+@[^()\s]+\)$/, '$1') : plain;
}

/** Tidings' text (or a value already text) with white space collapsed, as an email shows it. */
export function spaced(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).replace(/\s+/g, ' ').trim();
}

/** Elements a browser puts on their own line. */
const BLOCKS = new Set(
  'address article aside blockquote br dd div dl dt figure footer h1 h2 h3 h4 h5 h6 header hr li ol p pre section table td th tr ul'.split(
    ' ',
  ),
);

/** The text of an HTML fragment as parse5 (the HTML standard's parser) builds it, blocks apart. */
export function fragmentText(html: string): string {
  const parts: string[] = [];
  const walk = (node: DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment']) => {
    if (node.nodeName === '#text') parts.push((node as DefaultTreeAdapterMap['textNode']).value);
    if (BLOCKS.has(node.nodeName)) parts.push(' ');
    if ('childNodes' in node && node.nodeName !== 'script' && node.nodeName !== 'style')
      node.childNodes.forEach(walk);
    if (BLOCKS.has(node.nodeName)) parts.push(' ');
  };
  walk(parseFragment(html));
  return parts.join('');
}

export function hrefsOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)\s*=\s*("([^"]*)"|'([^']*)')/gi)].map((match) =>
    decodeAttribute(match[2] ?? match[3]),
  );
}

function decodeAttribute(value: string): string {
  return fragmentText(`<i>${value.replace(/</g, '&lt;')}</i>`);
}

/** A URL (or HTML holding one) that feedparser resolved against the response's Content-Location. */
export function isResolvedAgainstContentLocation(expected: unknown, source: FeedparserCase): boolean {
  const location = source.headers['content-location'];
  return !!location && typeof expected === 'string' && expected.includes(new URL(location).origin);
}

export function htmlMatches(ours: unknown, expected: unknown, link: unknown): boolean {
  if (spaced(fragmentText(String(ours ?? ''))) !== textOf(expected)) return false;
  const wanted = hrefsOf(String(expected ?? ''));
  if (!wanted.length) return true;
  const emailed = hrefsOf(
    rewriteForEmail(String(ours ?? ''), typeof link === 'string' ? link : 'about:blank'),
  );
  return wanted.every((url) => emailed.some((candidate) => sameUrl(candidate, url)));
}

export function linksResolveUnder(ours: unknown, base: string): boolean {
  const links = hrefsOf(String(ours ?? ''));
  return links.length > 0 && links.every((url) => url.startsWith(base));
}

export function urlsOf(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter((url): url is string => typeof url === 'string');
}

export function sameUrl(ours: unknown, expected: unknown): boolean {
  if (typeof ours !== 'string' || typeof expected !== 'string')
    return ours === expected || (isBlank(ours) && isBlank(expected));
  return normalUrl(ours) === normalUrl(expected);
}

function normalUrl(url: string): string {
  try {
    return new URL(url.trim()).href;
  } catch {
    return url.trim();
  }
}

export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** feedparser's UTC tuple or date string as an instant. Strings must name their zone (no host time). */
export function instantOf(expected: unknown): number {
  if (Array.isArray(expected)) {
    const [year, month, day, hour, minute, second] = expected as number[];
    return Date.UTC(year, month - 1, day, hour, minute, second);
  }
  const text = String(expected);
  if (!/(Z|GMT|[+-]\d\d:?\d\d)$/.test(text))
    throw new Error(`date without a zone in an expectation: ${text}`);
  return Date.parse(text.replace(/T(\d\d:\d\d)([+-])/, 'T$1:00$2'));
}
