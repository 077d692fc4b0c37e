/** What one linear pass over a feed's markup tells about it, before any parser reads it. */
export interface FeedFacts {
  /** Characters. */
  length: number;
  /** The root element's qualified name; null when none was found. */
  root: string | null;
  /** The root element's attributes, by qualified name. */
  rootAttributes: Record<string, string>;
  maxDepth: number;
  /** An unterminated comment, CDATA section, tag or DOCTYPE, or an end tag that closes nothing open. */
  isMalformed: boolean;
  /** A DOCTYPE with an internal subset (entity declarations). */
  hasInternalSubset: boolean;
  /** A reference outside XML's five entities and character references (`&nbsp;`), or a bare `&`. */
  hasForeignEntity: boolean;
  hasXmlBase: boolean;
  /** Every namespace declaration: prefix ('' for the default namespace), URI, and whether on the root. */
  namespaces: Array<{ prefix: string; uri: string; isOnRoot: boolean }>;
  /** The prefixes element names use. */
  elementPrefixes: Set<string>;
  /** `qname@attribute=value` (value trimmed, lower-cased) for the attributes that say how to read an element; `qname@rel=` for a link without rel. */
  attributeValues: Set<string>;
  /** For each element that contains elements, the distinct sets of its children's names (space-joined, sorted). */
  childNames: Map<string, Set<string>>;
}

/** Longer documents are not scanned (only their length is told): they are read from the XML tree. */
export const MAX_SCANNED_LENGTH = 1_000_000;
/** Attributes whose values decide how an element is read: a link's rel, a text construct's type or mode. */
const TELLING_ATTRIBUTES = new Set(['rel', 'type', 'mode']);
const START_TAG = /([^\s/<>]+)((?:[^<>"']|"[^"<]*"|'[^'<]*')*)>/y;
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const FOREIGN_ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);)/i;

/**
 * Scans a feed's markup once, with `indexOf` and anchored patterns only (linear on any input): tags,
 * namespace declarations and the few attributes that matter, skipping comments, CDATA and processing
 * instructions. It reads no text and builds no tree.
 */
export function scanFeedFacts(xml: string): FeedFacts {
  const facts: FeedFacts = {
    length: xml.length,
    root: null,
    rootAttributes: {},
    maxDepth: 0,
    isMalformed: false,
    hasInternalSubset: false,
    hasForeignEntity: false,
    hasXmlBase: false,
    namespaces: [],
    elementPrefixes: new Set(),
    attributeValues: new Set(),
    childNames: new Map(),
  };
  if (xml.length > MAX_SCANNED_LENGTH) return facts;
  const stack: Array<{ name: string; children: Set<string> }> = [];
  let position = 0;
  const skipTo = (terminator: string, from: number) => {
    const end = xml.indexOf(terminator, from);
    if (end < 0) facts.isMalformed = true;
    return end < 0 ? xml.length : end + terminator.length;
  };
  while (position < xml.length) {
    const open = xml.indexOf('<', position);
    const textEnd = open < 0 ? xml.length : open;
    if (!facts.hasForeignEntity && textEnd > position && FOREIGN_ENTITY.test(xml.slice(position, textEnd))) {
      facts.hasForeignEntity = true;
    }
    if (open < 0) break;
    if (xml.startsWith('<![CDATA[', open)) position = skipTo(']]>', open + 9);
    else if (xml.startsWith('<!--', open)) position = skipTo('-->', open + 4);
    else if (xml.startsWith('<?', open)) position = skipTo('?>', open + 2);
    else if (xml.startsWith('<!', open)) position = skipDoctype(xml, open, facts);
    else if (xml.startsWith('</', open)) {
      position = skipTo('>', open + 2);
      const element = stack.pop();
      if (!element) facts.isMalformed = true;
      else if (element.children.size > 0) recordChildren(facts, element.name, element.children);
    } else {
      START_TAG.lastIndex = open + 1;
      const tag = START_TAG.exec(xml);
      if (!tag) {
        facts.isMalformed = true;
        break;
      }
      position = START_TAG.lastIndex;
      const name = tag[1];
      const isSelfClosing = tag[2].endsWith('/');
      readAttributes(facts, name, tag[2], stack.length === 0 && facts.root === null);
      if (stack.length === 0 && facts.root === null) facts.root = name;
      stack.at(-1)?.children.add(name);
      if (name.includes(':')) facts.elementPrefixes.add(name.slice(0, name.indexOf(':')));
      facts.maxDepth = Math.max(facts.maxDepth, stack.length + 1);
      if (!isSelfClosing) stack.push({ name, children: new Set() });
    }
  }
  if (stack.length > 0) facts.isMalformed = true;
  return facts;
}

function skipDoctype(xml: string, open: number, facts: FeedFacts): number {
  const close = xml.indexOf('>', open);
  const bracket = xml.indexOf('[', open);
  if (bracket >= 0 && (close < 0 || bracket < close)) {
    facts.hasInternalSubset = true;
    const end = xml.indexOf(']', bracket);
    const after = end < 0 ? -1 : xml.indexOf('>', end);
    if (after < 0) facts.isMalformed = true;
    return after < 0 ? xml.length : after + 1;
  }
  if (close < 0) facts.isMalformed = true;
  return close < 0 ? xml.length : close + 1;
}

function readAttributes(facts: FeedFacts, element: string, source: string, isRoot: boolean): void {
  if (source.includes('&') && FOREIGN_ENTITY.test(source)) facts.hasForeignEntity = true;
  let hasRel = false;
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(source); match; match = ATTRIBUTE.exec(source)) {
    const [, name, doubleQuoted, singleQuoted] = match;
    const value = doubleQuoted ?? singleQuoted;
    if (isRoot) facts.rootAttributes[name] = value;
    if (name === 'xml:base') facts.hasXmlBase = true;
    else if (name === 'xmlns' || name.startsWith('xmlns:')) {
      facts.namespaces.push({ prefix: name.slice(6), uri: value.trim(), isOnRoot: isRoot });
    } else if (TELLING_ATTRIBUTES.has(name)) {
      facts.attributeValues.add(`${element}@${name}=${value.trim().toLowerCase()}`);
      hasRel ||= name === 'rel';
    }
  }
  // A link without rel is an alternate link: that too is told.
  if (!hasRel && (element === 'link' || element.endsWith(':link')))
    facts.attributeValues.add(`${element}@rel=`);
}

function recordChildren(facts: FeedFacts, parent: string, children: Set<string>): void {
  const signatures = facts.childNames.get(parent) ?? new Set<string>();
  signatures.add([...children].sort().join(' '));
  facts.childNames.set(parent, signatures);
}
