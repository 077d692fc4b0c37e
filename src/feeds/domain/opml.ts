import { escapeMarkup } from '../../common/escape-markup';
import { ValidationError } from '../../common/errors';
import {
  settingsAttributes,
  settingsFromAttributes,
  TIDINGS_OPML_NAMESPACE,
  TIDINGS_OPML_PREFIX,
} from './portable-settings';
import { SubscriptionSettings } from './subscription-settings';

export interface OpmlOutline {
  url: string;
  title: string | null;
}

/** An outline as Tidings writes it: with the reader's settings (`tidings:` attributes). */
export interface OpmlExportOutline extends OpmlOutline {
  settings: SubscriptionSettings;
}

/** An outline as read: the settings its `tidings:` attributes carry, not yet validated (none: `{}`). */
export interface OpmlImportOutline extends OpmlOutline {
  settings: ReturnType<typeof settingsFromAttributes>;
}

export interface ParsedOpml {
  outlines: OpmlImportOutline[];
  /** Outlines with an xmlUrl that is not an absolute http(s) URL. */
  rejected: number;
  /** True when the file had more than MAX_OUTLINES feeds and the rest were left out. */
  isTruncated: boolean;
}

export const MAX_OPML_BYTES = 5 * 1024 * 1024;
export const MAX_OUTLINES = 10_000;

interface Xml2js {
  Parser: new (options: Record<string, unknown>) => {
    parseString(xml: string, callback: (error: Error | null, result: unknown) => void): void;
  };
}

interface XmlNode {
  $?: Record<string, string>;
  outline?: XmlNode[];
  body?: XmlNode[];
}

/**
 * Reads the feeds of an OPML file (nested categories included), tolerating the variants found in the
 * wild (`xmlUrl`/`xmlurl`, missing `type`). xml2js (sax) does not expand DTD entities, so entity bombs
 * and external entities stay inert; size and count are capped before and during the walk.
 */
export function parseOpml(xml: string): ParsedOpml {
  if (Buffer.byteLength(xml) > MAX_OPML_BYTES)
    throw new ValidationError(`the OPML file is larger than ${MAX_OPML_BYTES / 1024 / 1024} MB`);
  const root = readXml(xml);
  const prefix = prefixOf(root, TIDINGS_OPML_NAMESPACE);
  const pending: XmlNode[] = [...(root.body ?? [])].reverse();
  const seen = new Set<string>();
  const outlines: OpmlImportOutline[] = [];
  let rejected = 0;
  while (pending.length) {
    const node = pending.pop()!;
    const attributes = lowerCaseKeys(node.$ ?? {});
    const xmlUrl = attributes.xmlurl?.trim();
    if (xmlUrl) {
      if (!isHttpUrl(xmlUrl)) rejected += 1;
      else if (!seen.has(xmlUrl)) {
        if (outlines.length === MAX_OUTLINES) return { outlines, rejected, isTruncated: true };
        seen.add(xmlUrl);
        const title = (attributes.title ?? attributes.text ?? '').trim().slice(0, 500);
        outlines.push({ url: xmlUrl, title: title || null, settings: ownSettings(attributes, prefix) });
      }
    }
    const children = node.outline ?? [];
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]);
  }
  return { outlines, rejected, isTruncated: false };
}

/**
 * An OPML 2.0 document listing the feeds, each with the standard attributes any reader imports and
 * the reader's settings in Tidings' namespace; `now` fills dateCreated.
 */
export function serializeOpml(title: string, outlines: OpmlExportOutline[], now: Date): string {
  const lines = outlines.map((outline) => {
    const text = xmlText(outline.title ?? outline.url);
    const settings = settingsAttributes(outline.settings)
      .map(([name, value]) => ` ${TIDINGS_OPML_PREFIX}:${name}="${xmlText(value)}"`)
      .join('');
    return `    <outline type="rss" text="${text}" title="${text}" xmlUrl="${xmlText(outline.url)}"${settings}/>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<opml version="2.0" xmlns:${TIDINGS_OPML_PREFIX}="${TIDINGS_OPML_NAMESPACE}">`,
    '  <head>',
    `    <title>${xmlText(title)}</title>`,
    `    <dateCreated>${now.toUTCString()}</dateCreated>`,
    '  </head>',
    '  <body>',
    ...lines,
    '  </body>',
    '</opml>',
    '',
  ].join('\n');
}

function readXml(xml: string): XmlNode {
  const { Parser } = require('xml2js') as Xml2js;
  const parser = new Parser({ explicitArray: true, explicitRoot: true, async: false, strict: true });
  let result: Record<string, XmlNode> | undefined;
  let failure: Error | undefined;
  parser.parseString(xml, (error, parsed) => {
    failure = error ?? undefined;
    result = parsed as Record<string, XmlNode> | undefined;
  });
  if (failure || !result) throw new ValidationError(`not a readable OPML file: ${firstLine(failure)}`);
  const opml = result.opml ?? result.OPML;
  if (!opml) throw new ValidationError('not an OPML file: the root element is not <opml>');
  return opml;
}

/** The prefix the file binds to this namespace on its root element (lower case); null when none. */
function prefixOf(root: XmlNode, namespace: string): string | null {
  for (const [name, value] of Object.entries(root.$ ?? {}))
    if (name.toLowerCase().startsWith('xmlns:') && value.trim() === namespace)
      return name.slice('xmlns:'.length).toLowerCase();
  return null;
}

/** The outline's attributes in that namespace, as settings. */
function ownSettings(
  attributes: Record<string, string | undefined>,
  prefix: string | null,
): OpmlImportOutline['settings'] {
  if (!prefix) return {};
  const own = Object.entries(attributes)
    .filter(([name]) => name.startsWith(`${prefix}:`))
    .map(([name, value]) => [name.slice(prefix.length + 1), value]);
  return settingsFromAttributes(Object.fromEntries(own));
}

function firstLine(error: Error | undefined): string {
  return (error?.message ?? 'empty document').split('\n')[0].slice(0, 200);
}

function lowerCaseKeys(record: Record<string, string>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && text.length <= 4000;
  } catch {
    return false;
  }
}

/** XML 1.0 forbids most control characters even when escaped. */
function xmlText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return escapeMarkup(text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, ''));
}
