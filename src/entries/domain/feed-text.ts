import type { Token } from 'parse5';
import { escapeMarkup } from '../../common/escape-markup';
import { visitHtml } from './html-tokens';

/** Small helpers shared by the feed format readers. */
export function stringOrNull(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** Resolves a possibly relative URL against a base; null when it cannot be made an absolute http(s) URL. */
export function absoluteUrl(value: unknown, base: string | null): string | null {
  const text = stringOrNull(value);
  if (!text) return null;
  try {
    const url = new URL(text, base ?? undefined);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** White space collapsed and trimmed; null when nothing is left. */
export function oneLine(text: string): string | null {
  return text.replace(/\s+/g, ' ').trim() || null;
}

/** Never text: their content is code or data. */
const NOT_TEXT = new Set(['script', 'style', 'template', 'noscript']);
/** Elements a browser shows on their own line: the words on either side are apart. */
const SEPARATING = new Set(
  'address article aside blockquote br dd details div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table td th tr ul'.split(
    ' ',
  ),
);

/** The text a reader sees in an HTML fragment: tags dropped, entities decoded, scripts and styles left out. */
export function htmlText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  let text = '';
  let skipped: { tagName: string; depth: number } | null = null;
  visitHtml(html, {
    startTag({ tagName, selfClosing }) {
      if (skipped) skipped.depth += tagName === skipped.tagName && !selfClosing ? 1 : 0;
      else if (NOT_TEXT.has(tagName) && !selfClosing) skipped = { tagName, depth: 1 };
      else if (SEPARATING.has(tagName)) text += ' ';
    },
    endTag({ tagName }) {
      if (skipped?.tagName === tagName && --skipped.depth === 0) skipped = null;
      else if (!skipped && SEPARATING.has(tagName)) text += ' ';
    },
    text(value) {
      if (!skipped) text += value;
    },
  });
  return text;
}

const SUMMARY_LENGTH = 500;

/** A summary from HTML: its text on one line, cut at a word near 500 characters. */
export function summaryOf(html: string): string | null {
  return shortSummary(htmlText(html));
}

/** Text on one line, cut at a word near 500 characters. */
export function shortSummary(text: string): string | null {
  const line = oneLine(text);
  if (!line || line.length <= SUMMARY_LENGTH) return line;
  const cut = line.slice(0, SUMMARY_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SUMMARY_LENGTH - 50))}…`;
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite', 'background', 'longdesc']);
/** An attribute that may hold a relative URL: anything but an absolute http(s), mailto, data or fragment. */
const MAYBE_RELATIVE =
  /\s(?:href|src|poster|cite|background|longdesc|srcset)\s*=\s*(?!\s)(?!["']?\s*(?:https?:\/\/|mailto:|data:|#))/i;

/**
 * HTML with its relative URLs made absolute against `base`, everything else as written. Most feeds write
 * absolute URLs: those are returned as they are without being tokenised.
 */
export function resolveHtmlUrls(html: string, base: string | null): string {
  if (!base || !MAYBE_RELATIVE.test(html)) return html;
  const edits: Array<{ start: number; end: number; text: string }> = [];
  visitHtml(
    html,
    {
      startTag({ attrs, location }) {
        for (const { name, value } of attrs) {
          const range = (location as Token.ElementLocation | null)?.attrs?.[name];
          if (!range || (!URL_ATTRIBUTES.has(name) && name !== 'srcset')) continue;
          const resolved = name === 'srcset' ? resolveSrcset(value, base) : resolveAgainst(value, base);
          if (resolved !== value) {
            edits.push({
              start: range.startOffset,
              end: range.endOffset,
              text: `${name}="${escapeMarkup(resolved)}"`,
            });
          }
        }
      },
    },
    true,
  );
  let output = '';
  let position = 0;
  for (const edit of edits) {
    output += html.slice(position, edit.start) + edit.text;
    position = edit.end;
  }
  return output + html.slice(position);
}

function resolveAgainst(value: string, base: string): string {
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return value;
  }
}

function resolveSrcset(srcset: string, base: string): string {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().replace(/^\S+/, (url) => resolveAgainst(url, base)))
    .join(', ');
}

/** An attribute whose value is a URL (and resolves against the element's base). */
export function isUrlAttribute(name: string): boolean {
  return URL_ATTRIBUTES.has(name);
}
