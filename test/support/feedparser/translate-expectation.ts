import iconv from 'iconv-lite';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { rewriteForEmail } from '../../../src/content/rewrite-for-email';
import type { NormalizedEntry, NormalizedFeed } from '../../../src/entries/domain/normalized-entry';
import type { FeedparserCase } from './feedparser-cases';
import { parsePython, type PythonNode, type PythonValue } from './python-expression';

/**
 * feedparser's `Expect:` lines, translated once into checks on the fields Tidings keeps. The rules:
 * - titles are text in Tidings and HTML in feedparser: a title is compared as the text of feedparser's
 *   value when that value is HTML (it has an end tag or a character reference), else as is;
 * - `summary`/`description` → the entry's summary (text, compared the same way); `content[0].value` →
 *   the entry's content, compared by its text and by the links the email keeps after `rewriteForEmail`;
 *   `content[0].base` → every link of the content resolves under that base;
 * - `link`, `links[n].href`, `guidislink` → the entry's link (or an enclosure); the feed's `link` → siteUrl;
 *   `id`/`guid` → id; `author`, `author_detail.name`, `authors[0].name` → author (its name, without the
 *   e-mail address feedparser adds in parentheses); `published*` → published; `updated*` → updated, or
 *   published when the entry has no update date; `enclosures`, `tags[n].term`/`category`, `ttl`;
 * - `encoding == X` → the feed is read, and the text Tidings keeps is the document's text decoded as X;
 * - `not bozo` → the document must parse; `bozo` alone asks nothing (parse, or fail with a reason);
 * - anything else (language, rights, contributors, generator, link relations, version…) is a field Tidings
 *   does not keep: the term is dropped and counted;
 * - a URL that feedparser resolves against a `Content-Location` header is dropped too: RFC 9110 §8.7 no
 *   longer lets Content-Location set the base, so Tidings resolves against the URL it fetched.
 */
export interface Translation {
  checks: Check[];
  /** Terms about fields Tidings does not keep, as written in the `Expect:` line. */
  dropped: string[];
  /** feedparser reads the document as well-formed: Tidings must read it too. */
  mustParse: boolean;
}

export interface Check {
  description: string;
  passes: (feed: NormalizedFeed, source: FeedparserCase) => boolean;
}

type Path = Array<string | number>;

/** What the translation of one case knows beyond the term at hand: the case, and the link relations it names. */
interface Context {
  source: FeedparserCase;
  /** `links[n]` → the `rel` the expression gives it. */
  linkRelations: Map<string, string>;
}

export function translateExpectation(source: FeedparserCase): Translation {
  const translation: Translation = { checks: [], dropped: [], mustParse: false };
  const tree = parsePython(source.expect);
  const terms = tree.kind === 'and' ? tree.operands : [tree];
  const context: Context = { source, linkRelations: linkRelationsOf(terms) };
  for (const term of terms) translateTerm(term, context, translation);
  return translation;
}

/** `links[0]['rel'] == 'license'` or `links[1] == {'rel': 'service.post', …}`: which links are not alternate. */
function linkRelationsOf(terms: PythonNode[]): Map<string, string> {
  const relations = new Map<string, string>();
  for (const term of terms) {
    if (term.kind !== 'compare') continue;
    const [left, right] = term.operands;
    const path = pathOf(left);
    const linkIndex = path.indexOf('links');
    if (linkIndex < 0) continue;
    const key = path.slice(0, linkIndex + 2).join('.');
    if (path.at(-1) === 'rel' && right.kind === 'literal') relations.set(key, String(right.value));
    if (right.kind === 'dict') {
      const rel = right.entries.find(([name]) => name.kind === 'literal' && name.value === 'rel')?.[1];
      if (rel?.kind === 'literal') relations.set(key, String(rel.value));
    }
  }
  return relations;
}

function translateTerm(term: PythonNode, context: Context, translation: Translation): void {
  const text = describe(term);
  if (term.kind === 'literal') return;
  if (term.kind === 'name' && term.name === 'bozo') return;
  if (term.kind === 'not' && term.operand.kind === 'name' && term.operand.name === 'bozo') {
    translation.mustParse = true;
    return;
  }
  const check = checkOf(term, context);
  if (check) translation.checks.push({ description: text, passes: check });
  else translation.dropped.push(text);
}

type Test = Check['passes'];

function checkOf(term: PythonNode, context: Context): Test | null {
  if (term.kind === 'not') {
    const operand = term.operand;
    if (operand.kind === 'call' && operand.callee.kind === 'attribute' && operand.callee.name === 'has_key') {
      const field = fieldOf([...pathOf(operand.callee.target), literalOf(operand.args[0]) as string]);
      return field ? (feed) => isBlank(field(feed)) : null;
    }
    return isGuidIsLink(operand) ? guidIsLink(pathOf(operand), false) : null;
  }
  if (isGuidIsLink(term)) return guidIsLink(pathOf(term), true);
  if (term.kind !== 'compare') return null;
  const expected = term.operands.at(-1)!;
  const tests = term.operands.slice(0, -1).map((operand, index) => {
    const equal = term.operators[index] === '==';
    return comparisonOf(operand, expected, context, equal);
  });
  if (tests.some((test) => test === null)) return null;
  return (feed, origin) => tests.every((test) => test!(feed, origin));
}

function comparisonOf(
  node: PythonNode,
  expectedNode: PythonNode,
  context: Context,
  equal: boolean,
): Test | null {
  if (node.kind === 'call' && node.callee.kind === 'name' && node.callee.name === 'ord') {
    const field = fieldOf(pathOf(node.args[0]));
    const code = literalOf(expectedNode) as number;
    return field ? (feed) => spaced(field(feed)) === String.fromCodePoint(code) : null;
  }
  const path = pathOf(node);
  if (path.length === 1 && path[0] === 'encoding') return encodingCheck(String(literalOf(expectedNode)));
  if (expectedNode.kind === 'tuple' && path.at(-1) === 'coordinates') return null;
  if (expectedNode.kind === 'dict') return dictComparison(path, expectedNode, context);
  const expected =
    expectedNode.kind === 'tuple' ? expectedNode.items.map(literalOf) : literalOf(expectedNode);
  const compare = comparatorOf(path, expected, context);
  if (!compare) return null;
  return (feed, origin) => compare(feed, origin) === equal;
}

function dictComparison(
  path: Path,
  dict: Extract<PythonNode, { kind: 'dict' }>,
  context: Context,
): Test | null {
  const tests = dict.entries.flatMap(([key, value]) => {
    const test = comparatorOf([...path, literalOf(key) as string], literalOf(value), context);
    return test ? [test] : [];
  });
  return tests.length ? (feed, origin) => tests.every((test) => test(feed, origin)) : null;
}

type Reader = (feed: NormalizedFeed) => unknown;

/** How Tidings' value of a feedparser field compares with feedparser's expected value, or null if not kept. */
function comparatorOf(path: Path, expected: unknown, context: Context): Test | null {
  const field = fieldOf(path);
  if (!field) return null;
  const last = path.filter((segment) => typeof segment === 'string').at(-1) as string;
  const kind = kindOf(path);
  if (kind !== 'text' && isResolvedAgainstContentLocation(expected, context.source)) return null;
  if (kind === 'links') {
    const linkIndex = path.indexOf('links');
    const rel = context.linkRelations.get(path.slice(0, linkIndex + 2).join('.')) ?? 'alternate';
    if (rel !== 'alternate' && rel !== 'enclosure') return null;
    return (feed) => urlsOf(field(feed)).some((url) => sameUrl(url, expected));
  }
  if (kind === 'url') return (feed) => sameUrl(field(feed), expected);
  if (kind === 'date') {
    const instant = instantOf(expected);
    return (feed) => (field(feed) as Date | null)?.getTime() === instant;
  }
  if (kind === 'text') return (feed) => spaced(field(feed)) === textOf(expected, last === 'author');
  if (kind === 'html') return (feed) => htmlMatches(field(feed), expected, linkOf(path)(feed));
  if (kind === 'base') return (feed) => linksResolveUnder(field(feed), String(expected));
  if (kind === 'category') {
    const categories = (feed: NormalizedFeed) => (field(feed) as string[] | undefined) ?? [];
    if (expected === null) return (feed) => categories(feed).length === 0;
    return (feed) => categories(feed)[0] === String(expected).trim();
  }
  return (feed) => String(field(feed) ?? '') === String(expected ?? '').trim();
}

type Kind = 'url' | 'links' | 'date' | 'text' | 'html' | 'base' | 'category' | 'exact';

function kindOf(path: Path): Kind {
  const names = path.filter((segment): segment is string => typeof segment === 'string');
  const last = names.at(-1)!;
  if (names.includes('links')) return 'links';
  if (last === 'link' || (names.includes('enclosures') && (last === 'href' || last === 'url'))) return 'url';
  if (/^(published|updated|modified|issued)(_parsed)?$/.test(last)) return 'date';
  if (names.includes('content') && last === 'base') return 'base';
  if (names.includes('content')) return 'html';
  if (last === 'category') return 'category';
  if (
    [
      'title',
      'title_detail',
      'summary',
      'summary_detail',
      'description',
      'author',
      'author_detail',
      'authors',
    ].some((name) => names.includes(name))
  ) {
    return 'text';
  }
  return 'exact';
}

/** Tidings' field for a feedparser path (`['entries', 0, 'title_detail', 'value']`), or null if not kept. */
function fieldOf(path: Path): Reader | null {
  const [scope, ...rest] = path;
  if (scope === 'feed') return feedFieldOf(rest);
  if (scope !== 'entries' || typeof rest[0] !== 'number') return null;
  const index = rest[0];
  const read = entryFieldOf(rest.slice(1));
  return read ? (feed) => (feed.entries[index] ? read(feed.entries[index]) : undefined) : null;
}

function feedFieldOf(path: Path): Reader | null {
  const key = path.join('.');
  if (key === 'title' || key === 'title_detail.value') return (feed) => feed.title;
  if (key === 'link' || /^links\.0\.href$/.test(key)) return (feed) => feed.siteUrl;
  if (key === 'ttl') return (feed) => feed.ttlMinutes;
  return null;
}

function entryFieldOf(path: Path): ((entry: NormalizedEntry) => unknown) | null {
  const key = path.join('.');
  switch (key) {
    case 'title':
    case 'title_detail.value':
      return (entry) => entry.title;
    case 'link':
      return (entry) => entry.link;
    case 'id':
    case 'guid':
      return (entry) => entry.id;
    case 'author':
    case 'author_detail.name':
    case 'authors.0.name':
      return (entry) => entry.author;
    case 'summary':
    case 'description':
    case 'summary_detail.value':
      return (entry) => entry.summary;
    case 'content.0.value':
    case 'content.0.base':
      return (entry) => entry.content;
    case 'published':
    case 'published_parsed':
    case 'issued':
    case 'issued_parsed':
      return (entry) => entry.published;
    case 'updated':
    case 'updated_parsed':
    case 'modified':
    case 'modified_parsed':
      return (entry) => entry.updated ?? entry.published;
    case 'category':
      return (entry) => entry.categories;
  }
  const link = /^links\.\d+\.href$/.exec(key);
  if (link) return (entry) => [entry.link, ...entry.enclosures.map((enclosure) => enclosure.url)];
  const enclosure = /^enclosures\.(\d+)\.(href|url|type|length)$/.exec(key);
  if (enclosure) {
    const field = enclosure[2] === 'href' ? 'url' : (enclosure[2] as 'url' | 'type' | 'length');
    return (entry) => entry.enclosures[Number(enclosure[1])]?.[field] ?? null;
  }
  const tag = /^tags\.(\d+)\.term$/.exec(key);
  if (tag) return (entry) => entry.categories[Number(tag[1])] ?? null;
  return null;
}

function linkOf(path: Path): Reader {
  const index = path[1];
  return (feed) => (typeof index === 'number' ? (feed.entries[index]?.link ?? null) : feed.siteUrl);
}

function isGuidIsLink(node: PythonNode): boolean {
  return node.kind === 'index' && node.key.kind === 'literal' && node.key.value === 'guidislink';
}

/** feedparser's `guidislink`: the entry's link is its guid. */
function guidIsLink(path: Path, expected: boolean): Test {
  const index = path[1] as number;
  return (feed) => {
    const entry = feed.entries[index];
    return !!entry && (!!entry.link && !!entry.id && sameUrl(entry.link, entry.id)) === expected;
  };
}

function encodingCheck(charset: string): Test {
  const label = charset.toLowerCase() === 'u16' ? 'utf-16be' : charset;
  return (feed, source) => {
    const reference = iconv.encodingExists(label) ? iconv.decode(source.bytes, label) : null;
    if (reference === null) return true;
    const texts = [
      feed.title,
      ...feed.entries.flatMap((entry) => [entry.title, fragmentText(entry.content ?? '')]),
    ];
    const runs = texts.flatMap((text) => text?.match(/[^\p{ASCII}]{2,}/gu) ?? []);
    const referenceHasText = /[^\p{ASCII}]{2,}/u.test(reference.replace(/<!--[^]*?-->/, ''));
    return runs.every((run) => reference.includes(run)) && (runs.length > 0 || !referenceHasText);
  };
}

function pathOf(node: PythonNode): Path {
  if (node.kind === 'name') return [node.name];
  if (node.kind === 'index') return [...pathOf(node.target), literalOf(node.key) as string | number];
  if (node.kind === 'attribute') return [...pathOf(node.target), node.name];
  if (node.kind === 'call' && node.callee.kind === 'attribute' && node.callee.name === 'get') {
    return [...pathOf(node.callee.target), literalOf(node.args[0]) as string];
  }
  return ['?'];
}

function literalOf(node: PythonNode | undefined): PythonValue {
  if (node?.kind !== 'literal') throw new Error(`expected a literal, found ${node?.kind}`);
  return node.value;
}

function describe(node: PythonNode): string {
  switch (node.kind) {
    case 'name':
      return node.name;
    case 'literal':
      return JSON.stringify(node.value);
    case 'index':
      return `${describe(node.target)}[${describe(node.key)}]`;
    case 'attribute':
      return `${describe(node.target)}.${node.name}`;
    case 'call':
      return `${describe(node.callee)}(${node.args.map(describe).join(', ')})`;
    case 'tuple':
      return `(${node.items.map(describe).join(', ')})`;
    case 'dict':
      return `{${node.entries.map(([key, value]) => `${describe(key)}: ${describe(value)}`).join(', ')}}`;
    case 'not':
      return `not ${describe(node.operand)}`;
    case 'and':
    case 'or':
      return node.operands.map(describe).join(` ${node.kind} `);
    case 'compare':
      return node.operands
        .map((operand, index) => (index ? `${node.operators[index - 1]} ` : '') + describe(operand))
        .join(' ');
  }
}

// ---- comparing values

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
function spaced(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).replace(/\s+/g, ' ').trim();
}

/** Elements a browser puts on their own line. */
const BLOCKS = new Set(
  'address article aside blockquote br dd div dl dt figure footer h1 h2 h3 h4 h5 h6 header hr li ol p pre section table td th tr ul'.split(
    ' ',
  ),
);

/** The text of an HTML fragment as parse5 (the HTML standard's parser) builds it, blocks apart. */
function fragmentText(html: string): string {
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

function hrefsOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)\s*=\s*("([^"]*)"|'([^']*)')/gi)].map((match) =>
    decodeAttribute(match[2] ?? match[3]),
  );
}

function decodeAttribute(value: string): string {
  return fragmentText(`<i>${value.replace(/</g, '&lt;')}</i>`);
}

/** A URL (or HTML holding one) that feedparser resolved against the response's Content-Location. */
function isResolvedAgainstContentLocation(expected: unknown, source: FeedparserCase): boolean {
  const location = source.headers['content-location'];
  return !!location && typeof expected === 'string' && expected.includes(new URL(location).origin);
}

function htmlMatches(ours: unknown, expected: unknown, link: unknown): boolean {
  if (spaced(fragmentText(String(ours ?? ''))) !== textOf(expected)) return false;
  const wanted = hrefsOf(String(expected ?? ''));
  if (!wanted.length) return true;
  const emailed = hrefsOf(
    rewriteForEmail(String(ours ?? ''), typeof link === 'string' ? link : 'about:blank'),
  );
  return wanted.every((url) => emailed.some((candidate) => sameUrl(candidate, url)));
}

function linksResolveUnder(ours: unknown, base: string): boolean {
  const links = hrefsOf(String(ours ?? ''));
  return links.length > 0 && links.every((url) => url.startsWith(base));
}

function urlsOf(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter((url): url is string => typeof url === 'string');
}

function sameUrl(ours: unknown, expected: unknown): boolean {
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

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** feedparser's UTC tuple or date string as an instant. Strings must name their zone (no host time). */
function instantOf(expected: unknown): number {
  if (Array.isArray(expected)) {
    const [year, month, day, hour, minute, second] = expected as number[];
    return Date.UTC(year, month - 1, day, hour, minute, second);
  }
  const text = String(expected);
  if (!/(Z|GMT|[+-]\d\d:?\d\d)$/.test(text))
    throw new Error(`date without a zone in an expectation: ${text}`);
  return Date.parse(text.replace(/T(\d\d:\d\d)([+-])/, 'T$1:00$2'));
}
