import type Parser from 'rss-parser';
import type { FeedFormat } from './choose-feed-reader';
import { FeedReader } from './feed-reader';
import { CONVENTIONAL_PREFIXES } from './feed-namespaces';
import { NormalizedFeed } from './normalized-entry';
import { repairText } from './repair-text';
import { XML_NAMESPACE, type XmlElement } from './xml-tree';

/** The elements `FeedReader` reads in an item and in a channel, by the names xml2js gives them. */
const ITEM_ELEMENTS =
  'id guid link atom:link title dc:title summary description dc:description itunes:summary content content:encoded xhtml:body body xhtml:div fullitem published issued pubDate dcterms:issued created dcterms:created dc:date updated modified dcterms:modified author dc:creator dc:author itunes:author enclosure tags category dc:subject'.split(
    ' ',
  );
const CHANNEL_ELEMENTS = ['title', 'dc:title', 'link', 'atom:link', 'ttl'];
const RAW = 'element:';
/** Each name with the key its raw values have in rss-parser's output, built once (not per item). */
const withRawKeys = (names: string[]) => names.map((name): [string, string] => [name, `${RAW}${name}`]);
const ITEM_KEYS = withRawKeys(ITEM_ELEMENTS);
const CHANNEL_KEYS = withRawKeys(CHANNEL_ELEMENTS);
/** What rss-parser looks for to find the items: the roots it tells formats by, the channel, the items. */
const STRUCTURE = new Set(['rss', 'rdf:RDF', 'feed', 'channel', 'item', 'entry']);
/** Not a character of XML names (no element of the document is named so), nor one xml2js keys its own fields with (`#name`). */
const HIDDEN = '~';
/**
 * Every other element reaches rss-parser under a name it does not know, so that it reads only the raw
 * values our custom fields keep and none of its own: no snippets (stripping and entity-decoding every
 * description and content, a sixth of the time), no `new Date(x).toISOString()` (which throws on an
 * Atom date it cannot read and fails the whole feed); our `FeedReader` reads those values instead.
 */
const xmlName = (name: string) => (STRUCTURE.has(name) ? name : HIDDEN + name);
const originalName = (name: string) => (name.startsWith(HIDDEN) ? name.slice(HIDDEN.length) : name);
/** rss-parser's custom field for each name: its hidden name in, its raw key out, every value kept. */
const asRawFields = (keys: ReadonlyArray<[string, string]>) =>
  keys.map(([name, key]): [string, string, { keepArray: true }] => [xmlName(name), key, { keepArray: true }]);

type RawFields = Record<string, unknown>;
const options: Parser.ParserOptions<RawFields, RawFields> = {
  xml2js: { tagNameProcessors: [xmlName] },
  customFields: {
    // rss-parser reads [from, to, options] for the feed too; its types only declare names there.
    feed: asRawFields(CHANNEL_KEYS) as unknown as string[],
    item: [['$', `${RAW}$`, { keepArray: true }], ...asRawFields(ITEM_KEYS)],
  },
};

/**
 * Reads a document with rss-parser (RSS 0.9x/1.0/2.0 and Atom, as xml2js parses them), then gives its
 * channel and items, as elements, to the same `FeedReader` that reads the XML tree. rss-parser keeps each
 * element's raw value through its `customFields` (text, attributes, children grouped by name); only
 * documents `chooseFeedReader` says it reads faithfully come here. Throws what rss-parser throws.
 */
export async function parseWithRssParser(
  xml: string,
  feedUrl: string | null,
  format: FeedFormat,
): Promise<NormalizedFeed> {
  // XML reads every line break as \n; sax, under xml2js, leaves \r as written.
  // A parser per document: xml2js's parser, once it has met an error, can let the next document's pass.
  // Required on the first parse: a process that parses in worker threads, or parses nothing (most CLI
  // commands), does not load rss-parser and xml2js.
  const RssParser = require('rss-parser') as typeof Parser;
  const feed = await new RssParser(options).parseString(
    xml.includes('\r') ? xml.replace(/\r\n?/g, '\n') : xml,
  );
  const isAtom = format === 'atom';
  const reader = new FeedReader('', isAtom, feedUrl);
  const channel = elementOf(isAtom ? 'feed' : 'channel', {}, feed, CHANNEL_KEYS);
  const items = feed.items.map((item) =>
    elementOf(isAtom ? 'entry' : 'item', item[`${RAW}$`], item, ITEM_KEYS),
  );
  return reader.feed(channel, items);
}

/** An element of xml2js's grouping as an `XmlElement`: text first, then the children of each name. */
function elementOf(
  name: string,
  attributes: unknown,
  fields: RawFields,
  names: ReadonlyArray<[string, string]>,
): XmlElement {
  const element = emptyElement(name, attributes);
  for (const [childName, key] of names) {
    for (const value of asArray(fields[key])) element.children.push(xmlElementOf(childName, value));
  }
  return element;
}

function xmlElementOf(name: string, value: unknown): XmlElement {
  if (typeof value === 'string') {
    const element = emptyElement(name, undefined);
    if (value) element.children.push(repairText(value));
    return element;
  }
  const fields = (value ?? {}) as RawFields;
  const element = emptyElement(name, fields.$);
  if (typeof fields._ === 'string') element.children.push(repairText(fields._));
  for (const [key, children] of Object.entries(fields)) {
    if (key === '$' || key === '_') continue;
    for (const child of asArray(children)) element.children.push(xmlElementOf(key, child));
  }
  return element;
}

function emptyElement(name: string, attributes: unknown): XmlElement {
  const [prefix, local] = splitName(name);
  return {
    uri: prefix ? (CONVENTIONAL_PREFIXES[prefix] ?? '') : '',
    local,
    prefix,
    attributes: attributesOf(attributes),
    children: [],
    base: null,
    isComplete: true,
  };
}

/** Attributes as `XmlElement` keeps them: plain ones by name, namespaced ones as `{uri}local`. */
function attributesOf(attributes: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries((attributes ?? {}) as Record<string, string>)) {
    const [prefix, local] = splitName(name);
    if (prefix === 'xmlns' || name === 'xmlns') continue;
    const uri = prefix === 'xml' ? XML_NAMESPACE : CONVENTIONAL_PREFIXES[prefix];
    result[prefix ? `{${uri}}${local}` : local] = repairText(value);
  }
  return result;
}

function splitName(name: string): [string, string] {
  const original = originalName(name);
  const colon = original.indexOf(':');
  return colon < 0 ? ['', original] : [original.slice(0, colon), original.slice(colon + 1)];
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
