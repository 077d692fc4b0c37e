import { escapeMarkup } from '../../common/escape-markup';
import { htmlText, isUrlAttribute, oneLine, resolveHtmlUrls } from './feed-text';
import { childElements, textContent, type XmlElement, type XmlNode } from './xml-tree';

/** What an element holds, read once for every format: plain text, or HTML with absolute URLs. */
export type TextValue = { isHtml: false; text: string } | { isHtml: true; html: string };

/** How to read an element that does not say what it holds: RSS's description is HTML, titles are text. */
export type UntypedAs = 'text' | 'html';

const XHTML = 'http://www.w3.org/1999/xhtml';
const VOID_ELEMENTS = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));

/**
 * Reads a text construct: Atom's `type` (text, html, xhtml, or a MIME type meaning base64) and Atom 0.3's
 * `mode` (escaped, base64, xml); inline markup whatever the type says; RSS elements, which say nothing,
 * as `untyped` says. Relative URLs in HTML are resolved against `base`.
 */
export function readTextConstruct(element: XmlElement, untyped: UntypedAs, base: string | null): TextValue {
  const type = (element.attributes.type ?? '').trim().toLowerCase();
  const mode = (element.attributes.mode ?? '').trim().toLowerCase();
  const isDeclaredHtml = type === 'html' || type === 'text/html';
  const elements = childElements(element);
  if (elements.length > 0 && mode !== 'escaped') {
    const wrapper =
      elements.length === 1 && elements[0].local === 'div' && elements[0].uri === XHTML ? elements[0] : null;
    const nodes = wrapper && isOnlyElement(element, wrapper) ? wrapper.children : element.children;
    return { isHtml: true, html: serialize(nodes, base, isDeclaredHtml) };
  }
  let text = textContent(element);
  if (mode === 'base64' || isBinaryType(type)) text = decodeBase64(text);
  const isHtml =
    isDeclaredHtml ||
    type === 'xhtml' ||
    type.endsWith('xml') ||
    mode === 'escaped' ||
    (untyped === 'html' && !type) ||
    looksLikeHtml(text);
  return isHtml ? { isHtml: true, html: resolveHtmlUrls(text, base) } : { isHtml: false, text };
}

/**
 * Text that says it is text but holds HTML (an end tag or a character reference): what publishers mean,
 * and how feedparser reads it. `History of the <blink> tag` stays text.
 */
function looksLikeHtml(text: string): boolean {
  return /<\/[A-Za-z][\w-]*\s*>|&(#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i.test(text);
}

/** Atom 1.0: a MIME type that is neither text nor XML means base64 content. */
function isBinaryType(type: string): boolean {
  return type.includes('/') && !type.startsWith('text/') && !type.endsWith('xml');
}

/** A title or name as one line of text: HTML read as a browser shows it. */
export function asText(value: TextValue): string | null {
  return oneLine(value.isHtml ? htmlText(value.html) : value.text);
}

/** Content as HTML: text is escaped, its paragraphs kept. */
export function asHtml(value: TextValue): string | null {
  if (value.isHtml) return value.html.trim() || null;
  const paragraphs = value.text
    .trim()
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim());
  return paragraphs.length
    ? paragraphs.map((paragraph) => `<p>${escapeMarkup(paragraph.trim())}</p>`).join('')
    : null;
}

function isOnlyElement(parent: XmlElement, element: XmlElement): boolean {
  return parent.children.every((child) => child === element || (typeof child === 'string' && !child.trim()));
}

function decodeBase64(text: string): string {
  const compact = text.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]*={0,2}$/.test(compact) ? Buffer.from(compact, 'base64').toString('utf8') : text;
}

/**
 * Inline XML markup written out as HTML, each URL attribute resolved against its own element's base. In
 * content declared `html` the text inside the markup is itself escaped HTML, and is kept as such.
 */
function serialize(nodes: XmlNode[], base: string | null, isTextHtml: boolean): string {
  let html = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      html += isTextHtml ? node : escapeMarkup(node);
      continue;
    }
    const elementBase = node.base ?? base;
    let attributes = '';
    for (const [name, value] of Object.entries(node.attributes)) {
      if (name.startsWith('{')) continue;
      attributes += ` ${name}="${escapeMarkup(isUrlAttribute(name) ? resolved(value, elementBase) : value)}"`;
    }
    html +=
      VOID_ELEMENTS.has(node.local) && node.children.length === 0
        ? `<${node.local}${attributes} />`
        : `<${node.local}${attributes}>${serialize(node.children, elementBase, isTextHtml)}</${node.local}>`;
  }
  return html;
}

function resolved(value: string, base: string | null): string {
  if (!base) return value;
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return value;
  }
}
