import { parseFeedDate } from './feed-date';
import { ATOM_10, CONTENT, DC, DCTERMS, FEED_NAMESPACES, ITUNES, RDF, XHTML } from './feed-namespaces';
import { absoluteUrl, oneLine, shortSummary, stringOrNull, summaryOf } from './feed-text';
import { NormalizedEntry, NormalizedFeed } from './normalized-entry';
import { asHtml, asText, readTextConstruct, type TextValue } from './text-construct';
import { Children, textContent, type XmlElement } from './xml-tree';

const PUBLISHED: Array<[string, string?]> = [
  ['published'],
  ['issued'],
  ['pubDate'],
  ['issued', DCTERMS],
  ['created'],
  ['created', DCTERMS],
  ['date', DC],
];
const UPDATED: Array<[string, string?]> = [['updated'], ['modified'], ['modified', DCTERMS]];

/**
 * The rules that make one entry of any RSS or Atom document, over elements as `XmlElement`s: each field is
 * the first of its candidate elements that are children of the item (never of a nested source or image),
 * text constructs are read the same way in every format, and relative URLs resolve against the `xml:base`
 * in scope, else (inside content) the entry's link, else the feed's URL. Both readers of a document (the
 * XML tree, rss-parser's items) give their elements to this one reader.
 */
export class FeedReader {
  private readonly core: ReadonlySet<string>;

  /** `rootUri`: the root element's namespace, which is the feed's own vocabulary whatever it is. */
  constructor(
    rootUri: string,
    private readonly isAtom: boolean,
    private readonly feedUrl: string | null,
  ) {
    this.core = new Set([...FEED_NAMESPACES, rootUri === RDF ? '' : rootUri]);
  }

  /** The feed's title, home page and ttl from its channel (Atom: its root), and its entries. */
  feed(channel: XmlElement | undefined, items: XmlElement[]): NormalizedFeed {
    const children = channel && this.children(channel);
    const ttl = Number(children?.text('ttl'));
    return {
      title: children ? this.title(children) : null,
      siteUrl: children ? this.link(children, channel.base ?? this.feedUrl) : null,
      ttlMinutes: Number.isInteger(ttl) && ttl > 0 ? ttl : null,
      entries: items.map((item) => this.entry(item)),
    };
  }

  isCore(element: XmlElement): boolean {
    return this.core.has(element.uri);
  }

  children(parent: XmlElement): Children {
    return new Children(parent, (element) => this.isCore(element));
  }

  title(children: Children): string | null {
    const element = children.first('title') ?? children.first('title', DC);
    return element ? asText(readTextConstruct(element, 'text', null)) : null;
  }

  /** The alternate link: Atom's `link href` (no rel, or rel="alternate"), else RSS's `link` text. */
  link(children: Children, base: string | null): string | null {
    for (const element of children.elements) {
      if (element.local !== 'link' || !(this.isCore(element) || element.uri === ATOM_10)) continue;
      const href = element.attributes.href;
      const rel = (element.attributes.rel ?? 'alternate').trim().toLowerCase();
      const value = rel === 'alternate' ? (href ?? textContent(element)) : null;
      const url = value === null ? null : absoluteUrl(value, element.base ?? base);
      if (url) return url;
    }
    return null;
  }

  entry(item: XmlElement): NormalizedEntry {
    const children = this.children(item);
    const base = item.base ?? this.feedUrl;
    const guid = children.first('guid');
    const id =
      children.text('id') ??
      (guid ? stringOrNull(textContent(guid)) : null) ??
      stringOrNull(item.attributes[`{${RDF}}about`]);
    const link = this.link(children, base) ?? (guid ? permalinkOf(guid) : null);
    const [summaryElement, secondSummary] = children.elements.filter(
      (child) => this.isCore(child) && (child.local === 'summary' || child.local === 'description'),
    );
    const contentBase = (element: XmlElement) => element.base ?? link ?? base;
    const summary = summaryElement ?? children.first('description', DC) ?? children.first('summary', ITUNES);
    const contentElement =
      (this.isAtom ? children.first('content') : undefined) ??
      children.first('encoded', CONTENT) ??
      children.first('body', XHTML) ??
      children.first('body') ??
      children.first('div', XHTML) ??
      children.first('fullitem') ??
      secondSummary;
    const summaryValue = summary
      ? readTextConstruct(summary, this.isAtom ? 'text' : 'html', contentBase(summary))
      : null;
    const contentValue = contentElement
      ? readTextConstruct(contentElement, this.isAtom ? 'text' : 'html', contentBase(contentElement))
      : null;
    const content = (contentValue && asHtml(contentValue)) ?? (summaryValue && asHtml(summaryValue));
    return {
      id,
      link,
      title: this.title(children),
      published: firstDate(children, PUBLISHED),
      updated: firstDate(children, UPDATED),
      author: this.author(children),
      summary: summaryValue ? textSummary(summaryValue) : content ? summaryOf(content) : null,
      content,
      enclosures: this.enclosures(children, base),
      categories: this.categories(children),
    };
  }

  private author(children: Children): string | null {
    const author = children.first('author');
    const name = author && this.children(author).first('name');
    if (name) return oneLine(textContent(name));
    const text = author
      ? textContent(author)
      : (children.text('creator', DC) ??
        children.text('author', DC) ??
        children.text('author', ITUNES) ??
        '');
    return nameOf(text);
  }

  private enclosures(children: Children, base: string | null): NormalizedEntry['enclosures'] {
    return children.elements.flatMap((element) => {
      const isRss = element.local === 'enclosure' && this.isCore(element);
      const isAtom =
        element.local === 'link' &&
        (this.isCore(element) || element.uri === ATOM_10) &&
        element.attributes.rel?.trim().toLowerCase() === 'enclosure';
      const url =
        isRss || isAtom
          ? absoluteUrl(element.attributes[isRss ? 'url' : 'href'], element.base ?? base)
          : null;
      if (!url) return [];
      const length = Number(element.attributes.length);
      return [
        {
          url,
          type: stringOrNull(element.attributes.type),
          length: Number.isSafeInteger(length) && length > 0 ? length : null,
        },
      ];
    });
  }

  /** RSS `category`, Atom `category term`, `dc:subject`, and the comma-separated `tags` some feeds write. */
  private categories(children: Children): string[] {
    return children.elements.flatMap((element) => {
      if (element.local === 'tags' && this.isCore(element)) {
        return textContent(element)
          .split(',')
          .flatMap((tag) => oneLine(tag) ?? []);
      }
      const isCategory =
        (element.local === 'category' && this.isCore(element)) ||
        (element.local === 'subject' && element.uri === DC);
      const name = isCategory
        ? (stringOrNull(element.attributes.term) ?? oneLine(textContent(element)))
        : null;
      return name ? [name] : [];
    });
  }
}

function firstDate(children: Children, candidates: Array<[string, string?]>): Date | null {
  for (const [local, uri] of candidates) {
    const date = parseFeedDate(children.text(local, uri));
    if (date) return date;
  }
  return null;
}

/** A guid that is a permalink (the default) and an absolute http(s) URL is the entry's link. */
function permalinkOf(guid: XmlElement): string | null {
  if (guid.attributes.isPermaLink?.trim().toLowerCase() === 'false') return null;
  return absoluteUrl(
    textContent(guid)
      .trim()
      .match(/^https?:\/\/\S+$/i)?.[0],
    null,
  );
}

/** A person's name from `Name`, `email (Name)` or `Name <email>`; the address alone when there is no name. */
function nameOf(text: string): string | null {
  const line = oneLine(text);
  if (!line) return null;
  const nameInParentheses = /^\S+@\S+\s*\((.+)\)$/.exec(line);
  if (nameInParentheses) return nameInParentheses[1].trim();
  const addressInParentheses = /^(.+?)\s*\(\S+@\S+\)$/.exec(line);
  if (addressInParentheses) return addressInParentheses[1];
  const beforeAddress = /^(.+?)\s*<\S+@\S+>$/.exec(line);
  return beforeAddress ? beforeAddress[1].replace(/^"(.*)"$/, '$1') : line;
}

function textSummary(value: TextValue): string | null {
  return value.isHtml ? summaryOf(value.html) : shortSummary(value.text);
}
