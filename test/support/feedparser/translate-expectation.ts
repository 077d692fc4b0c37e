import iconv from 'iconv-lite';
import type { NormalizedFeed } from '../../../src/entries/domain/normalized-entry';
import {
  fragmentText,
  htmlMatches,
  instantOf,
  isBlank,
  isResolvedAgainstContentLocation,
  linksResolveUnder,
  sameUrl,
  spaced,
  textOf,
  urlsOf,
} from './compare-values';
import type { FeedparserCase } from './feedparser-cases';
import { fieldOf, kindOf, type Path, type Reader } from './feedparser-fields';
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
