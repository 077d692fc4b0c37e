import { decodeHTMLStrict } from 'entities';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { FeedParseError } from './feed-parse-error';
import { CONVENTIONAL_PREFIXES } from './feed-namespaces';
import { absoluteUrl, stringOrNull } from './feed-text';
import { repairText } from './repair-text';

/** One element of a feed document, with namespaces resolved and its `xml:base` in scope. */
export interface XmlElement {
  /** Namespace URI; '' for none. */
  uri: string;
  local: string;
  prefix: string;
  /** Attributes without a namespace by local name; namespaced ones as `{uri}local`. */
  attributes: Record<string, string>;
  children: XmlNode[];
  /** The absolute `xml:base` in scope, or null when the document sets none above this element. */
  base: string | null;
  /** Its end tag was read: false for what a truncated document leaves open. */
  isComplete: boolean;
}
export type XmlNode = XmlElement | string;

export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/** Real feeds nest a few levels; thousands is an attack on the reader. */
const MAX_DEPTH = 200;

/**
 * Reads a feed document into a tree, leniently: what is wrong (an undeclared prefix, an HTML entity, a
 * missing end tag, a truncated end) is read as a browser would rather than refused, because readers want
 * the posts of a sloppy feed. Of the entities a DOCTYPE declares, only plain text ones are expanded, within
 * a budget (no entity bombs, no external entities); others are left as written. Fails only when no root
 * element is read.
 */
export function readXmlTree(
  text: string,
  documentUrl: string | null,
): { root: XmlElement; firstError: string | null } {
  const parser = new SaxesParser({
    xmlns: true,
    position: false,
    resolvePrefix: (prefix: string) => CONVENTIONAL_PREFIXES[prefix],
  });
  parser.ENTITIES = entitiesOf(parser);
  let firstError: string | null = null;
  parser.on('error', (error) => (firstError ??= error.message));
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;

  parser.on('opentag', (tag) => {
    const parent = stack.at(-1);
    if (!parent && root) return;
    if (stack.length >= MAX_DEPTH) throw new FeedParseError(`XML nested deeper than ${MAX_DEPTH}`);
    const element = elementOf(tag as SaxesTagNS, parent?.base ?? null, documentUrl);
    if (parent) parent.children.push(element);
    else root = element;
    if (tag.isSelfClosing) element.isComplete = true;
    else stack.push(element);
  });
  parser.on('closetag', (tag) => {
    if (stack.at(-1)?.local !== tag.local) return;
    stack.pop()!.isComplete = true;
  });
  const onText = (value: string) => stack.at(-1)?.children.push(repairText(value));
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(text).close();
  if (!root) throw new FeedParseError(firstError ? `unreadable XML (${firstError})` : 'no XML element found');
  return { root, firstError };
}

function elementOf(tag: SaxesTagNS, parentBase: string | null, documentUrl: string | null): XmlElement {
  const attributes: Record<string, string> = {};
  let declaredBase: string | undefined;
  for (const attribute of Object.values(tag.attributes)) {
    if (attribute.uri === XML_NAMESPACE && attribute.local === 'base') declaredBase = attribute.value;
    else if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns') {
      attributes[attribute.uri ? `{${attribute.uri}}${attribute.local}` : attribute.local] = repairText(
        attribute.value,
      );
    }
  }
  const base =
    declaredBase === undefined
      ? parentBase
      : (absoluteUrl(declaredBase, parentBase ?? documentUrl) ?? parentBase);
  return {
    uri: tag.uri ?? '',
    local: tag.local,
    prefix: tag.prefix,
    attributes,
    children: [],
    base,
    isComplete: false,
  };
}

/** At most this much text comes from entities a document declares (a 10 MB feed could otherwise write gigabytes). */
const DECLARED_ENTITY_BUDGET = 1_000_000;
/** `<!ENTITY name "text">`: no parameter entities, no external ones, no references inside. */
const PLAIN_ENTITY = /<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(["'])([^"'&%<]{0,1000})\2\s*>/g;

function entitiesOf(parser: SaxesParser): Record<string, string> {
  // XML's own five as own properties: found at once, not through the proxy below.
  const entities: Record<string, string> = Object.assign(Object.create(htmlEntities), XML_ENTITIES);
  let budget = DECLARED_ENTITY_BUDGET;
  parser.on('doctype', (doctype) => {
    for (const [, name, , value] of doctype.matchAll(PLAIN_ENTITY)) {
      Object.defineProperty(entities, name, {
        get: () => ((budget -= value.length) >= 0 ? value : undefined),
      });
    }
  });
  return entities;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** HTML's named entities (`&nbsp;`, `&eacute;`…), which feeds use without declaring them. */
const htmlEntities = new Proxy({} as Record<string, string>, {
  get(_, name) {
    if (typeof name !== 'string') return undefined;
    const decoded = decodeHTMLStrict(`&${name};`);
    return decoded === `&${name};` ? undefined : decoded;
  },
});

/** The concatenated text of an element and its descendants. */
export function textContent(node: XmlNode): string {
  if (typeof node === 'string') return node;
  let text = '';
  for (const child of node.children) text += textContent(child);
  return text;
}

export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter((child): child is XmlElement => typeof child !== 'string');
}

/** An element's children, indexed in one pass: the first of each name, in the feed's vocabulary or a module's. */
export class Children {
  readonly elements: XmlElement[] = [];
  private readonly firsts = new Map<string, XmlElement>();

  constructor(
    readonly parent: XmlElement,
    readonly isCore: (element: XmlElement) => boolean,
  ) {
    for (const child of parent.children) {
      if (typeof child === 'string') continue;
      this.elements.push(child);
      const key = isCore(child) ? child.local : `{${child.uri}}${child.local}`;
      if (!this.firsts.has(key)) this.firsts.set(key, child);
    }
  }

  /** The first child with this local name, in the feed's own vocabulary or in `uri`. */
  first(local: string, uri?: string): XmlElement | undefined {
    return this.firsts.get(uri === undefined ? local : `{${uri}}${local}`);
  }

  text(local: string, uri?: string): string | null {
    const element = this.first(local, uri);
    return element ? stringOrNull(textContent(element)) : null;
  }
}
