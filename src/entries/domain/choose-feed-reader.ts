import { MAX_SCANNED_LENGTH, type FeedFacts } from './feed-facts';
import { ATOM_10, CONVENTIONAL_PREFIXES, FEED_NAMESPACES } from './feed-namespaces';

/** Which reader gives a document's elements to the shared `FeedReader`, and why not rss-parser. */
export type FeedReaderChoice =
  { reader: 'rss-parser'; format: FeedFormat } | { reader: 'xml-tree'; reason: string };

export type FeedFormat = 'rss' | 'rdf' | 'atom';
type Format = FeedFormat;

/** Real feeds nest six or seven levels; deeper documents go to the reader with a depth limit. */
const MAX_RSS_PARSER_DEPTH = 32;
/** Elements read as text: any element inside one is markup that xml2js would tear out of its text. */
const TEXT_ELEMENTS = new Set(
  'title dc:title summary description dc:description itunes:summary content content:encoded xhtml:body body xhtml:div fullitem id guid link pubDate published updated issued modified created dc:date dcterms:issued dcterms:created dcterms:modified name dc:creator dc:author itunes:author category tags dc:subject ttl'.split(
    ' ',
  ),
);
/** Elements whose `type` or `mode` says how their text reads. */
const TEXT_CONSTRUCTS = new Set(
  'title dc:title summary description dc:description itunes:summary content content:encoded fullitem'.split(
    ' ',
  ),
);
/** Names read as one field, whose document order xml2js loses (it groups children by name). */
const ONE_FIELD_NAMES = [
  ['summary', 'description'],
  ['category', 'tags', 'dc:subject'],
];
/** Links every reader skips: what they point to is not the entry's page nor an enclosure. */
const IGNORED_LINK_RELS = new Set(['self', 'hub', 'next', 'previous', 'prev', 'first', 'last', 'replies']);
const CONVENTIONAL_URIS = new Set(Object.values(CONVENTIONAL_PREFIXES));

/**
 * Decides, from a scan of the markup, whether rss-parser reads the document faithfully: a well-formed,
 * moderately sized RSS 0.9x/2.0, RDF or Atom document, in its usual namespaces under their usual prefixes,
 * whose text elements hold text (or escaped HTML), with no `xml:base`, no entity declarations or HTML
 * entities, and no two names competing for one field. Everything else is read from the XML tree, which
 * handles all of it; rss-parser's items and the tree's elements then go through the same `FeedReader`.
 */
export function chooseFeedReader(facts: FeedFacts): FeedReaderChoice {
  const treeReads = (reason: string): FeedReaderChoice => ({ reader: 'xml-tree', reason });
  if (facts.length > MAX_SCANNED_LENGTH) return treeReads('a large document (a tree is leaner than xml2js)');
  if (facts.isMalformed) return treeReads('not well-formed XML');
  if (facts.hasInternalSubset) return treeReads('a DOCTYPE that declares entities');
  if (facts.hasForeignEntity) return treeReads('HTML entities or a bare &');
  if (facts.maxDepth > MAX_RSS_PARSER_DEPTH) return treeReads('deeply nested XML');
  const format = formatOf(facts);
  if (typeof format !== 'string') return treeReads(format.refused);
  if (facts.hasXmlBase) return treeReads('xml:base');
  const namespaceProblem = namespaceProblemOf(facts, format);
  if (namespaceProblem) return treeReads(namespaceProblem);
  const container = format === 'atom' ? 'feed' : format === 'rss' ? 'rss' : 'rdf:RDF';
  const hasChannel = [...(facts.childNames.get(container) ?? [])].some((children) =>
    children.split(' ').includes(format === 'atom' ? 'entry' : 'channel'),
  );
  if (format !== 'atom' && !hasChannel) return treeReads('no channel');
  const markupProblem = markupProblemOf(facts, format);
  return markupProblem ? treeReads(markupProblem) : { reader: 'rss-parser', format };
}

function formatOf(facts: FeedFacts): Format | { refused: string } {
  if (facts.root === 'feed') return 'atom';
  if (facts.root === 'rdf:RDF') return 'rdf';
  if (facts.root !== 'rss') return { refused: `a <${facts.root}> root` };
  const version = facts.rootAttributes.version?.trim();
  if (!version) return { refused: 'RSS without a version' };
  // rss-parser's own test: 2.x as RSS 2.0, anything with 0.9 as RSS 0.9x.
  return /^2/.test(version) || /0\.9/.test(version) ? 'rss' : { refused: `RSS version ${version}` };
}

/** xml2js names elements by prefix: a prefix must mean what readers take it to mean. */
function namespaceProblemOf(facts: FeedFacts, format: Format): string | null {
  for (const { prefix, uri, isOnRoot } of facts.namespaces) {
    if (!prefix) {
      if (!isOnRoot) return 'a default namespace declared below the root';
      if (format === 'rdf' && !FEED_NAMESPACES.includes(uri)) return 'RDF items in an unknown namespace';
      continue;
    }
    const isUsed = facts.elementPrefixes.has(prefix);
    if (prefix in CONVENTIONAL_PREFIXES && CONVENTIONAL_PREFIXES[prefix] !== uri) {
      return `the ${prefix}: prefix bound to another namespace`;
    }
    if (isUsed && CONVENTIONAL_URIS.has(uri) && CONVENTIONAL_PREFIXES[prefix] !== uri) {
      return `${uri} under the ${prefix}: prefix`;
    }
    if (isUsed && FEED_NAMESPACES.includes(uri) && !(uri === ATOM_10 && format !== 'atom')) {
      return 'prefixed feed elements';
    }
  }
  const declared = new Set(facts.namespaces.map((namespace) => namespace.prefix));
  for (const prefix of facts.elementPrefixes) {
    if (!declared.has(prefix) && !(prefix in CONVENTIONAL_PREFIXES))
      return `the undeclared prefix ${prefix}:`;
  }
  return null;
}

function markupProblemOf(facts: FeedFacts, format: Format): string | null {
  for (const [parent, signatures] of facts.childNames) {
    const isContainer = parent === 'author' && format === 'atom';
    if (TEXT_ELEMENTS.has(parent) && !isContainer) return `markup inside <${parent}>`;
    for (const children of [...signatures].map((signature) => signature.split(' '))) {
      if (isContainer && !children.includes('name')) return 'an Atom author without a name';
      const misplaced = misplacedItemOf(parent, children, format);
      if (misplaced) return misplaced;
      if (parent !== 'item' && parent !== 'entry') continue;
      const competing = ONE_FIELD_NAMES.find(
        (names) => names.filter((name) => children.includes(name)).length > 1,
      );
      if (competing) return `both ${competing.join(' and ')} in one item`;
      if (format === 'atom' && children.includes('enclosure')) return 'RSS enclosures in Atom';
    }
  }
  for (const value of facts.attributeValues) {
    const [, element, attribute, setting] = /^(.+)@(\w+)=(.*)$/.exec(value)!;
    if (attribute === 'mode' && TEXT_CONSTRUCTS.has(element)) return 'Atom 0.3 mode="…"';
    if (attribute === 'type' && TEXT_CONSTRUCTS.has(element) && !isTextOrHtml(setting)) {
      return `${element} of type="${setting}"`;
    }
    if (attribute === 'rel' && element === 'atom:link' && !IGNORED_LINK_RELS.has(setting)) {
      return 'atom:link read as a link or an enclosure';
    }
    if (attribute === 'rel' && element === 'link' && format !== 'atom' && setting)
      return 'RSS link with a rel';
  }
  return null;
}

/** Items where rss-parser does not look for them: beside the channel, or named as in another format. */
function misplacedItemOf(parent: string, children: string[], format: Format): string | null {
  const containers: Record<Format, string> = { rss: 'channel', rdf: 'rdf:RDF', atom: 'feed' };
  const itemName = format === 'atom' ? 'entry' : 'item';
  const isMisplaced = children.some(
    (child) =>
      (child === 'item' || child === 'entry') && (child !== itemName || parent !== containers[format]),
  );
  return isMisplaced ? `items under <${parent}>` : null;
}

/** Text and escaped HTML read the same from any parser; inline XHTML and base64 do not. */
function isTextOrHtml(type: string): boolean {
  return ['', 'text', 'html', 'text/plain', 'text/html'].includes(type);
}
