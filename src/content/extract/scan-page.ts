import { readHtmlTokens, type EndTag, type StartTag, type Text } from '../shared/html-tokens';
import {
  BLOCKS_INSIDE_DIV,
  isBylineCandidate,
  isNonContent,
  isNamedClutterIfShort,
  type ElementHints,
} from './article-hints';
import { VOID_ELEMENTS } from '../shared/html-vocabulary';
import { OpenElements } from '../shared/open-elements';
import { addLeadingText, linkDensity, type PageElement } from './page-element';
import { recordMetaTag, type PageMetadata } from './page-metadata';
import { ParagraphScorer } from './paragraph-scorer';

export interface ScanOptions {
  summaryText?: string;
  /** Prune subtrees whose class, id or role looks like clutter (Readability's "strip unlikelys"). */
  judgeByNames: boolean;
  /** Score candidates by what their class names and ids say (Readability's "weight classes"; default on). */
  weighClasses?: boolean;
}

export interface ScannedPage {
  root: PageElement;
  candidates: PageElement[];
  metadata: PageMetadata;
  /** The deepest nesting seen: DOM-based tools recurse on it. */
  maxDepth: number;
}

const COMMAS = /[,\u060C\uFE50\uFE10\uFE11\u2E41\u2E34\u2E32\uFF0C]/g;
const MAX_BYLINE_LENGTH = 100;
/** Longer than this, a block named "share-…" or a form holds content: some sites wrap their pages in a form. */
const MAX_SHORT_BLOCK_LENGTH = 500;
/** Text of a short "read more" block that is folded prose rather than a link or a button. */
const MIN_EXPANDED_PROSE_LENGTH = 200;
const MAX_EXPANDED_PROSE_LINK_DENSITY = 0.1;
/** A form with less text than this per field is there to be filled in (sign-up, comment, search). */
const TEXT_PER_FORM_FIELD = 150;
/**
 * A document has one of each. As browsers do, a second start tag (a page pasted into a post) is ignored
 * and their end tags close nothing: else a nested body walls the article off from its own container.
 */
const DOCUMENT_TAGS = new Set(['html', 'head', 'body']);
const ARTICLE_TAGS = new Set(['article', 'main']);
/** An article's header comes before its prose: past this much of its text, a "header" is another block's. */
const MAX_ARTICLE_HEAD_TEXT = 200;

/**
 * One streaming pass over a page: builds a light outline of its elements (no DOM), prunes subtrees that
 * carry no content, and scores paragraphs into their ancestors as soon as each paragraph closes.
 */
export function scanPage(html: string, options: ScanOptions = { judgeByNames: true }): ScannedPage {
  const scanner = new PageScanner(
    html.length,
    new ParagraphScorer(options.summaryText, options.weighClasses ?? true),
    options.judgeByNames,
  );
  readHtmlTokens(
    html,
    {
      startTag: (token: StartTag) => scanner.onStartTag(token),
      endTag: (token: EndTag) => scanner.onEndTag(token),
      text: (token: Text) => scanner.onText(token.text),
    },
    { sourceCodeLocationInfo: true },
  );
  return scanner.finish();
}

class PageScanner {
  private readonly root = newElement(
    '#root',
    { tagName: '#root', className: '', id: '', isHidden: false },
    undefined,
    0,
    false,
  );
  private readonly open = new OpenElements<PageElement>();
  private readonly metadata: PageMetadata = {};
  private prunedDepth = 0;
  private linkDepth = 0;
  private tableOrCodeDepth = 0;
  /** Text read (outside pruned subtrees) when each open `article` or `main` element started. */
  private readonly articleStarts: number[] = [];
  private textSeen = 0;
  private byline?: PageElement;
  private maxDepth = 0;
  private readonly forms: PageElement[] = [];
  private readonly documentTagsSeen = new Set<string>();

  constructor(
    private readonly sourceLength: number,
    private readonly scorer: ParagraphScorer,
    private readonly judgeByNames: boolean,
  ) {
    this.open.push(this.root);
  }

  onStartTag({ tagName, attrs, selfClosing, sourceCodeLocation }: StartTag): void {
    const start = sourceCodeLocation?.startOffset ?? 0;
    if (DOCUMENT_TAGS.has(tagName)) {
      if (this.documentTagsSeen.has(tagName)) return;
      this.documentTagsSeen.add(tagName);
    }
    this.closeElements(this.open.closedByStartTag(tagName), start);
    const attributes = new Map(attrs.map(({ name, value }) => [name, value]));
    if (tagName === 'meta') recordMetaTag(this.metadata, attributes);
    const parent = this.open.current ?? this.root;
    if (BLOCKS_INSIDE_DIV.has(tagName)) parent.hasBlockChild = true;
    if (tagName === 'img' && this.prunedDepth === 0) parent.imageCount++;
    if (isFormField(tagName, attributes) && this.forms.length > 0)
      this.forms[this.forms.length - 1].fieldCount++;
    if (VOID_ELEMENTS.has(tagName) || (selfClosing && tagName !== 'a')) return;

    const hints = hintsOf(tagName, attributes);
    const isPruned =
      this.prunedDepth > 0 ||
      isNonContent(
        hints,
        { isInsideTableOrCode: this.tableOrCodeDepth > 0, isAtArticleHead: this.isAtArticleHead() },
        this.judgeByNames,
      );
    const element = newElement(tagName, hints, parent, start, isPruned);
    if (this.prunedDepth === 0) parent.children.push(element);
    const isByline =
      !this.byline &&
      !this.metadata.bylineText &&
      isBylineCandidate(hints, attributes.get('rel'), attributes.get('itemprop'));
    if (isByline) this.byline = element;
    element.isPrunedIfShort = tagName === 'form' || isNamedClutterIfShort(hints);
    if (tagName === 'form') this.forms.push(element);
    if (isPruned) this.prunedDepth++;
    if (isByline || this.scorer.needsText(tagName) || tagName === 'title') element.text = '';
    if (tagName === 'a') this.linkDepth++;
    if (tagName === 'table' || tagName === 'code' || tagName === 'pre') this.tableOrCodeDepth++;
    if (ARTICLE_TAGS.has(tagName)) this.articleStarts.push(this.textSeen);
    this.open.push(element);
    this.maxDepth = Math.max(this.maxDepth, this.open.depth);
  }

  onEndTag({ tagName, sourceCodeLocation }: EndTag): void {
    if (tagName === 'html' || tagName === 'body') return;
    const count = this.open.closedByEndTag(tagName);
    this.closeElements(count, sourceCodeLocation?.endOffset ?? 0);
  }

  onText(text: string): void {
    const element = this.open.current;
    if (!element) return;
    if (element.text !== undefined) element.text += text;
    if (this.byline && this.byline !== element && this.byline.text !== undefined) this.byline.text += text;
    if (this.prunedDepth > 0) return;
    const collapsed = text.replace(/\s+/g, ' ');
    addLeadingText(this.open.all, collapsed);
    const length = collapsed.length;
    this.textSeen += length;
    const commas = text.match(COMMAS)?.length ?? 0;
    element.textLength += length;
    element.directTextLength += length;
    element.commaCount += commas;
    element.directCommaCount += commas;
    if (this.linkDepth > 0) element.linkTextLength += length;
  }

  finish(): ScannedPage {
    this.closeElements(this.open.depth - 1, this.sourceLength);
    this.root.end = this.sourceLength;
    return {
      root: this.root,
      candidates: this.scorer.candidates,
      metadata: this.metadata,
      maxDepth: this.maxDepth,
    };
  }

  /** Inside an `article` or `main` element, before its text has gone far: where its own header sits. */
  private isAtArticleHead(): boolean {
    const start = this.articleStarts[this.articleStarts.length - 1];
    return start !== undefined && this.textSeen - start < MAX_ARTICLE_HEAD_TEXT;
  }

  private closeElements(count: number, end: number): void {
    for (let closed = 0; closed < count; closed++) {
      const element = this.open.pop();
      if (!element) return;
      element.end = end;
      this.afterClose(element);
    }
  }

  private afterClose(element: PageElement): void {
    if (element.tagName === 'a') this.linkDepth--;
    if (['table', 'code', 'pre'].includes(element.tagName)) this.tableOrCodeDepth--;
    if (ARTICLE_TAGS.has(element.tagName)) this.articleStarts.pop();
    if (element.tagName === 'title') this.metadata.documentTitle ??= element.text?.trim();
    if (element === this.forms[this.forms.length - 1]) this.forms.pop();
    if (element.isPruned) {
      this.prunedDepth--;
      return;
    }
    if (element === this.byline) this.acceptByline(element);
    const maxShortLength = Math.max(MAX_SHORT_BLOCK_LENGTH, TEXT_PER_FORM_FIELD * element.fieldCount);
    if (element.isPrunedIfShort && element.textLength < maxShortLength && !isExpandedProse(element))
      element.isPruned = true;
    if (element.isPruned) return;
    const parent = element.parent;
    if (parent) {
      parent.textLength += element.textLength;
      parent.linkTextLength += element.linkTextLength;
      parent.commaCount += element.commaCount;
      parent.imageCount += element.imageCount;
    }
    this.scorer.onElementClosed(element);
  }

  /** Like Readability, a short byline is metadata, and leaves the article. */
  private acceptByline(element: PageElement): void {
    const text = element.text?.replace(/\s+/g, ' ').trim() ?? '';
    if (text.length > 0 && text.length < MAX_BYLINE_LENGTH) {
      this.metadata.bylineText = text;
      element.isPruned = true;
    }
    this.byline = undefined;
  }
}

/**
 * A "read more" expander (or a block named "share-…") holding a few sentences without links is the
 * article's text folded away, not a button or a teaser link. Forms are judged by their fields.
 */
function isExpandedProse(element: PageElement): boolean {
  return (
    element.tagName !== 'form' &&
    element.fieldCount === 0 &&
    element.textLength >= MIN_EXPANDED_PROSE_LENGTH &&
    linkDensity(element) <= MAX_EXPANDED_PROSE_LINK_DENSITY
  );
}

function isFormField(tagName: string, attributes: Map<string, string>): boolean {
  if (tagName === 'input') return attributes.get('type')?.toLowerCase() !== 'hidden';
  return tagName === 'select' || tagName === 'textarea';
}

function hintsOf(tagName: string, attributes: Map<string, string>): ElementHints {
  const style = attributes.get('style') ?? '';
  return {
    tagName,
    className: classNameOf(tagName, attributes.get('class') ?? ''),
    id: attributes.get('id') ?? '',
    role: attributes.get('role'),
    isHidden:
      attributes.has('hidden') ||
      attributes.get('aria-hidden') === 'true' ||
      /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style),
  };
}

/** A custom element's tag name ("pp-inline-teaser") names what it holds as a class does. */
function classNameOf(tagName: string, className: string): string {
  return tagName.includes('-') ? `${tagName} ${className}`.trim() : className;
}

function newElement(
  tagName: string,
  { className, id }: ElementHints,
  parent: PageElement | undefined,
  start: number,
  isPruned: boolean,
): PageElement {
  return {
    tagName,
    className,
    id,
    parent,
    children: [],
    start,
    end: start,
    isPruned,
    isPrunedIfShort: false,
    fieldCount: 0,
    textLength: 0,
    linkTextLength: 0,
    commaCount: 0,
    directTextLength: 0,
    directCommaCount: 0,
    imageCount: 0,
    hasBlockChild: false,
  };
}
