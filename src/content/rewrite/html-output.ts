import { escapeMarkup } from '../../common/escape-markup';
import { OpenElements } from '../shared/open-elements';

export type Attribute = readonly [name: string, value: string];

/**
 * Writes well-nested HTML under a byte budget: every element it opens is closed by `finish`, and once
 * the budget is spent it refuses more content, keeping room for the closing tags and a trailer.
 */
export class HtmlOutput {
  private readonly chunks: string[] = [];
  private readonly open = new OpenElements<{ tagName: string }>();
  private writtenBytes = 0;
  private closingTagBytes = 0;
  private full = false;

  constructor(private readonly maxBytes: number) {}

  get isFull(): boolean {
    return this.full;
  }

  isOpen(tagName: string): boolean {
    return this.open.isOpen(tagName);
  }

  /** Writes a start tag, first closing what it implicitly closes. False when it did not fit. */
  startTag(tagName: string, attributes: readonly Attribute[], isVoid: boolean): boolean {
    this.closeElements(this.open.closedByStartTag(tagName));
    let markup = `<${tagName}`;
    for (const [name, value] of attributes) markup += ` ${name}="${escapeMarkup(value)}"`;
    markup += '>';
    const closingTag = isVoid ? '' : `</${tagName}>`;
    if (!this.write(markup, closingTag.length)) return false;
    if (!isVoid) {
      this.open.push({ tagName });
      this.closingTagBytes += closingTag.length;
    }
    return true;
  }

  endTag(tagName: string): void {
    this.closeElements(this.open.closedByEndTag(tagName));
  }

  /** Writes text; when only part of it fits, writes that part up to a word boundary and fills up. */
  text(text: string): void {
    if (this.full || this.write(escapeMarkup(text), 0)) return;
    let head = text.slice(0, this.remainingBytes());
    while (head !== '' && Buffer.byteLength(escapeMarkup(head)) > this.remainingBytes()) {
      head = head.slice(0, Math.floor(head.length * 0.8));
    }
    const wordBoundary = head.search(/\s\S*$/);
    const escaped = escapeMarkup(wordBoundary > 0 ? head.slice(0, wordBoundary) : '');
    this.chunks.push(escaped);
    this.writtenBytes += Buffer.byteLength(escaped);
  }

  /** Writes trusted markup built by the rewriter itself (balanced, already escaped). */
  markup(html: string): boolean {
    return this.write(html, 0);
  }

  /** Closes everything still open, then appends `trailer` when content was cut. */
  finish(trailer: string): string {
    this.closeElements(this.open.depth);
    if (this.full) this.chunks.push(trailer);
    return this.chunks.join('');
  }

  private write(markup: string, extraClosingBytes: number): boolean {
    if (this.full) return false;
    const bytes = Buffer.byteLength(markup);
    if (this.writtenBytes + bytes + this.closingTagBytes + extraClosingBytes > this.maxBytes) {
      this.full = true;
      return false;
    }
    this.chunks.push(markup);
    this.writtenBytes += bytes;
    return true;
  }

  private remainingBytes(): number {
    return Math.max(0, this.maxBytes - this.writtenBytes - this.closingTagBytes);
  }

  private closeElements(count: number): void {
    for (let closed = 0; closed < count; closed++) {
      const element = this.open.pop();
      if (!element) return;
      const closingTag = `</${element.tagName}>`;
      this.chunks.push(closingTag);
      this.closingTagBytes -= closingTag.length;
      this.writtenBytes += closingTag.length;
    }
  }
}
