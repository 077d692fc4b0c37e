import { readHtmlTokens, type EndTag, type StartTag, type Text } from '../shared/html-tokens';
import { escapeMarkup } from '../../common/escape-markup';
import { HtmlOutput, type Attribute } from './html-output';
import {
  allowedAttributesOf,
  DROPPED_WITH_CONTENT,
  URL_ATTRIBUTES,
  VOID_ELEMENTS,
} from '../shared/html-vocabulary';
import { FLUID_IMAGE_STYLE, fitToColumn, isTrackerImage } from './image-rules';
import { renderIframeReplacement, renderMediaFallback } from './media-embeds';
import { pickFromSrcset, resolveSafeUrl } from '../shared/url-safety';

export interface RewriteOptions {
  /** Base for relative URLs when it is not the entry URL itself, e.g. an Atom entry's `xml:base`. */
  xmlBase?: string;
  /** Output budget in UTF-8 bytes (Gmail clips messages at about 100 KB). */
  maxBytes?: number;
}

export const DEFAULT_MAX_BYTES = 90_000;

// Runs of HTML whitespace outside `pre`: mail clients render each as one space, and layout markup indented by
// editors can spend most of the size budget on them. A run holding a line break stays a line break.
const WHITESPACE_RUN = /[\t\n\f\r ]{2,}|[\t\f\r]/g;

const LAZY_SOURCE_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url'];
const LAZY_SRCSET_ATTRIBUTES = ['data-srcset', 'data-lazy-srcset', 'srcset'];

interface OpenMedia {
  kind: 'video' | 'audio';
  mediaUrl?: string;
  posterUrl?: string;
  hasFallback: boolean;
}

/**
 * Makes feed or page HTML safe and presentable in mail clients, in one pass over parse5's token stream:
 * allow-listed elements and attributes, absolute safe URLs, fluid images without trackers, iframes and
 * media replaced by links, well-nested output cut at an element boundary to fit `maxBytes`.
 */
export function rewriteForEmail(html: string, entryUrl: string, options: RewriteOptions = {}): string {
  const base = options.xmlBase ? (resolveSafeUrl(options.xmlBase, entryUrl) ?? entryUrl) : entryUrl;
  const continueUrl = resolveSafeUrl(entryUrl, entryUrl);
  const trailer = continueUrl ? `<p><a href="${escapeMarkup(continueUrl)}">Continue reading →</a></p>` : '';
  const output = new HtmlOutput((options.maxBytes ?? DEFAULT_MAX_BYTES) - Buffer.byteLength(trailer));
  const rewriter = new EmailRewriter(output, base);
  readHtmlTokens(html, {
    startTag: (token: StartTag) => rewriter.onStartTag(token),
    endTag: (token: EndTag) => rewriter.onEndTag(token),
    text: (token: Text) => rewriter.onText(token),
  });
  return output.finish(trailer);
}

class EmailRewriter {
  private skipped?: { tagName: string; depth: number };
  private pictureSourceUrl?: string;
  private media?: OpenMedia;

  constructor(
    private readonly output: HtmlOutput,
    private readonly base: string,
  ) {}

  onStartTag({ tagName, attrs, selfClosing }: StartTag): void {
    if (this.skipped) {
      if (tagName === this.skipped.tagName && !selfClosing) this.skipped.depth++;
      return;
    }
    const attributes = new Map(attrs.map(({ name, value }) => [name, value]));
    if (tagName !== 'source' && tagName !== 'track' && this.media) this.media.hasFallback = true;
    if (tagName === 'iframe') this.replaceIframe(attributes);
    if (DROPPED_WITH_CONTENT.has(tagName)) {
      if (!selfClosing) this.skipped = { tagName, depth: 1 };
    } else if (tagName === 'picture') {
      this.pictureSourceUrl = undefined;
    } else if (tagName === 'source') {
      this.rememberSource(attributes);
    } else if (tagName === 'img') {
      this.writeImage(attributes);
    } else if (tagName === 'video' || tagName === 'audio') {
      this.openMedia(tagName, attributes);
    } else {
      this.writeAllowed(tagName, attributes);
    }
  }

  onEndTag({ tagName }: EndTag): void {
    if (this.skipped) {
      if (tagName === this.skipped.tagName && --this.skipped.depth === 0) this.skipped = undefined;
      return;
    }
    if (tagName === this.media?.kind && this.output.isOpen(tagName)) {
      const { kind, mediaUrl, posterUrl, hasFallback } = this.media;
      if (!hasFallback) this.output.markup(renderMediaFallback(kind, mediaUrl, posterUrl));
      this.media = undefined;
    }
    this.output.endTag(tagName);
  }

  onText({ text }: Text): void {
    if (this.skipped) return;
    if (this.media && text.trim() !== '') this.media.hasFallback = true;
    this.output.text(this.output.isOpen('pre') ? text : collapseWhitespace(text));
  }

  private replaceIframe(attributes: Map<string, string>): void {
    const src = this.resolve(attributes.get('src') ?? attributes.get('data-src'));
    if (src) this.output.markup(renderIframeReplacement(src));
  }

  private rememberSource(attributes: Map<string, string>): void {
    const srcset = attributes.get('srcset') ?? attributes.get('data-srcset');
    const url = srcset ? pickFromSrcset(srcset, this.base) : this.resolve(attributes.get('src'));
    if (this.media) this.media.mediaUrl ??= url;
    else this.pictureSourceUrl ??= url;
  }

  private writeImage(attributes: Map<string, string>): void {
    const src = this.imageSource(attributes);
    const width = attributes.get('width');
    const height = attributes.get('height');
    if (!src || isTrackerImage(src, width, height)) return;
    // An image with no alt text is announced by its file name and, blocked, shows as an empty box:
    // alt="" says it is a picture to skip. Its width (capped to the column) keeps Outlook, which
    // ignores max-width, inside the column; a height would keep a blocked image's box at full size.
    const written: Attribute[] = [
      ['src', src],
      ['alt', attributes.get('alt') ?? ''],
    ];
    const title = attributes.get('title');
    if (title !== undefined) written.push(['title', title]);
    const fitted = fitToColumn(width, height);
    if (fitted.width) written.push(['width', fitted.width]);
    written.push(['style', FLUID_IMAGE_STYLE]);
    this.output.startTag('img', written, true);
  }

  private imageSource(attributes: Map<string, string>): string | undefined {
    for (const name of LAZY_SOURCE_ATTRIBUTES) {
      const url = this.resolve(attributes.get(name));
      if (url) return url;
    }
    for (const name of LAZY_SRCSET_ATTRIBUTES) {
      const srcset = attributes.get(name);
      const url = srcset ? pickFromSrcset(srcset, this.base) : undefined;
      if (url) return url;
    }
    return this.resolve(attributes.get('src')) ?? this.pictureSourceUrl;
  }

  private openMedia(kind: 'video' | 'audio', attributes: Map<string, string>): void {
    const mediaUrl = this.resolve(attributes.get('src'));
    const posterUrl = kind === 'video' ? this.resolve(attributes.get('poster')) : undefined;
    const written: Attribute[] = [['controls', '']];
    if (mediaUrl) written.push(['src', mediaUrl]);
    if (posterUrl) written.push(['poster', posterUrl]);
    const fitted = fitToColumn(attributes.get('width'), attributes.get('height'));
    if (fitted.width) written.push(['width', fitted.width]);
    if (fitted.height) written.push(['height', fitted.height]);
    if (this.output.startTag(kind, written, false)) {
      this.media = { kind, mediaUrl, posterUrl, hasFallback: false };
    }
  }

  private writeAllowed(tagName: string, attributes: Map<string, string>): void {
    const allowed = allowedAttributesOf(tagName);
    if (!allowed) return;
    const written: Attribute[] = [];
    for (const [name, value] of attributes) {
      if (!allowed.has(name)) continue;
      const kept = URL_ATTRIBUTES.has(name) ? this.resolve(value) : value;
      if (kept !== undefined) written.push([name, kept]);
    }
    this.output.startTag(tagName, written, VOID_ELEMENTS.has(tagName));
  }

  private resolve(raw: string | undefined): string | undefined {
    return raw === undefined ? undefined : resolveSafeUrl(raw, this.base);
  }
}

function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUN, (run) => (run.includes('\n') ? '\n' : ' '));
}
