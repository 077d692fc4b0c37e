import { attributeOf, readHtmlTokens, type EndTag, type StartTag, type Text } from '../shared/html-tokens';
import { DROPPED_WITH_CONTENT } from '../shared/html-vocabulary';

const PARAGRAPH_ELEMENTS = new Set(
  'p h1 h2 h3 h4 h5 h6 blockquote pre ul ol dl table figure address hr details'.split(' '),
);
const LINE_ELEMENTS = new Set(
  'div section article header footer main nav aside li dt dd tr caption figcaption summary'.split(' '),
);
const RUBY_ANNOTATIONS = new Set(['rt', 'rp']);
const SHOWN_LINK = /^(https?|mailto):/i;
const VOID_ELEMENTS = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));

/** Hidden from readers of the HTML, so hidden from the text too (an email's preview text, for one). */
function isHidden(attrs: StartTag['attrs']): boolean {
  return attrs.some(
    ({ name, value }) =>
      name === 'hidden' ||
      (name === 'aria-hidden' && value === 'true') ||
      (name === 'style' && /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(value)),
  );
}

export interface TextOptions {
  /** Write a link's address after its text, as `text/plain` emails do (default); off for an article's own text. */
  linkAddresses?: boolean;
  /** Mark quoted lines with `>` (default). */
  quoteMarks?: boolean;
  /** Keep ruby annotations (furigana and their parentheses) after their base text (default). */
  rubyAnnotations?: boolean;
  /** Written between a table row's cells when they share a line (default ` | `; a data table reads as rows). */
  cellSeparator?: string;
  /** Write a picture as `[its alt]` (default): in an email's text it stands where the picture was. */
  imageAlts?: boolean;
}

/** The `text/plain` rendering of an email's HTML: readable paragraphs, lists, quotes and links. */
export function htmlToText(html: string, options: TextOptions = {}): string {
  const writer = new PlainTextWriter({
    linkAddresses: options.linkAddresses ?? true,
    quoteMarks: options.quoteMarks ?? true,
    rubyAnnotations: options.rubyAnnotations ?? true,
    cellSeparator: options.cellSeparator ?? ' | ',
    imageAlts: options.imageAlts ?? true,
  });
  readHtmlTokens(html, {
    startTag: (token: StartTag) => writer.onStartTag(token),
    endTag: (token: EndTag) => writer.onEndTag(token),
    text: (token: Text) => writer.onText(token),
  });
  return writer.finish();
}

/**
 * An article's own text, as a reader reads it: no link addresses, no quote marks, its sentences
 * without the readings printed over their words (ruby annotations: furigana in Japanese), and no
 * pictures' alt texts (a reader sees the picture; people who judged extractions never wanted its alt,
 * and Readability's expected texts agree better without them).
 */
export function articleText(html: string): string {
  return htmlToText(html, {
    linkAddresses: false,
    quoteMarks: false,
    rubyAnnotations: false,
    cellSeparator: '',
    imageAlts: false,
  });
}

class PlainTextWriter {
  private readonly lines: string[] = [];
  private line = '';
  private quoteDepth = 0;
  private lastLineQuoteDepth = 0;
  private isBlankLinePending = false;
  private preDepth = 0;
  private readonly lists: { ordered: boolean; count: number }[] = [];
  private readonly links: { href: string; textStart: number }[] = [];
  /** Per open table row, how many of its cells have started. */
  private readonly rows: number[] = [];
  private skipped?: { tagName: string; depth: number };

  constructor(private readonly options: Required<TextOptions>) {}

  onStartTag({ tagName, attrs, selfClosing }: StartTag): void {
    if (this.skipped) {
      if (tagName === this.skipped.tagName && !selfClosing) this.skipped.depth++;
      return;
    }
    const isAnnotation = !this.options.rubyAnnotations && RUBY_ANNOTATIONS.has(tagName);
    if (DROPPED_WITH_CONTENT.has(tagName) || isAnnotation || isHidden(attrs)) {
      if (!selfClosing && !VOID_ELEMENTS.has(tagName)) this.skipped = { tagName, depth: 1 };
      return;
    }
    this.breakBefore(tagName, this.lists.length > 0);
    if (tagName === 'blockquote') this.quoteDepth += this.options.quoteMarks ? 1 : 0;
    else if (tagName === 'pre') this.preDepth++;
    else if (tagName === 'ul' || tagName === 'ol') this.lists.push({ ordered: tagName === 'ol', count: 0 });
    else if (tagName === 'li') this.startListItem();
    else if (tagName === 'br') this.endLine();
    else if (tagName === 'tr') this.rows.push(0);
    else if (tagName === 'td' || tagName === 'th') this.startCell();
    else if (tagName === 'img' && this.options.imageAlts) {
      const alt = attributeOf(attrs, 'alt')?.trim();
      this.appendInline(alt ? `[${alt}]` : '');
    } else if (tagName === 'a' && this.options.linkAddresses)
      this.links.push({ href: attributeOf(attrs, 'href') ?? '', textStart: this.line.length });
  }

  onEndTag({ tagName }: EndTag): void {
    if (this.skipped) {
      if (tagName === this.skipped.tagName && --this.skipped.depth === 0) this.skipped = undefined;
      return;
    }
    if (tagName === 'a' && this.options.linkAddresses) this.endLink();
    this.breakBefore(tagName, this.lists.length > 1);
    if (tagName === 'blockquote') this.quoteDepth = Math.max(0, this.quoteDepth - 1);
    else if (tagName === 'pre') this.preDepth = Math.max(0, this.preDepth - 1);
    else if (tagName === 'ul' || tagName === 'ol') this.lists.pop();
    else if (tagName === 'tr') this.rows.pop();
  }

  onText({ text }: Text): void {
    if (this.skipped) return;
    if (this.preDepth > 0) {
      const [first, ...rest] = text.split('\n');
      this.line += first;
      for (const continuation of rest) {
        this.endLine();
        this.line = continuation;
      }
      return;
    }
    this.appendInline(text.replace(/\s+/g, ' '));
  }

  /**
   * Composed (NFC), as most text is typed: some pages write "ü" as "u" and a combining mark, which looks
   * the same but matches no search, no quote and no other copy of the sentence.
   */
  finish(): string {
    this.endLine();
    return this.lines.join('\n').normalize('NFC');
  }

  private breakBefore(tagName: string, isInsideList: boolean): void {
    const isNestedList = (tagName === 'ul' || tagName === 'ol') && isInsideList;
    if (PARAGRAPH_ELEMENTS.has(tagName) && !isNestedList) this.endParagraph();
    else if (LINE_ELEMENTS.has(tagName)) this.endLine();
  }

  private startListItem(): void {
    const list = this.lists[this.lists.length - 1];
    const marker = list?.ordered ? `${++list.count}. ` : '- ';
    this.line = '  '.repeat(Math.max(0, this.lists.length - 1)) + marker;
  }

  /**
   * A cell after the first in its row is set apart on the row's line; one that starts a line (its
   * neighbour ended in a block: a layout table) needs nothing.
   */
  private startCell(): void {
    if (this.rows.length === 0 || this.options.cellSeparator === '') return;
    const started = this.rows[this.rows.length - 1]++;
    if (started > 0 && this.line.trim() !== '')
      this.line = `${this.line.trimEnd()}${this.options.cellSeparator}`;
  }

  private appendInline(text: string): void {
    if (text === '') return;
    const atLineStart = this.line.trim() === '' || this.line.endsWith(' ');
    this.line += atLineStart ? text.replace(/^ /, '') : text;
  }

  private endLink(): void {
    const link = this.links.pop();
    if (!link || !SHOWN_LINK.test(link.href)) return;
    const text = this.line.slice(link.textStart).trim();
    const address = link.href.replace(/^mailto:/i, '');
    if (text === '') this.appendInline(link.href);
    else if (text !== address && text !== link.href) this.line = `${this.line.trimEnd()} (${link.href})`;
  }

  private endLine(): void {
    const content = this.line.replace(/\s+$/, '');
    this.line = '';
    if (content.trim() === '' && this.preDepth === 0) return;
    if (this.isBlankLinePending && this.lines.length > 0) {
      this.lines.push('>'.repeat(Math.min(this.quoteDepth, this.lastLineQuoteDepth)));
    }
    this.isBlankLinePending = false;
    this.lines.push(('> '.repeat(this.quoteDepth) + content).trimEnd());
    this.lastLineQuoteDepth = this.quoteDepth;
  }

  /** The blank line is written only once the next line comes, so that blank lines never pile up. */
  private endParagraph(): void {
    this.endLine();
    this.isBlankLinePending = true;
  }
}
