import { foreignContent, html, Token, Tokenizer, TokenizerMode, type TokenHandler } from 'parse5';

export interface StartTag {
  tagName: string;
  attrs: Token.Attribute[];
  selfClosing: boolean;
  sourceCodeLocation: Token.Location | null;
}

export interface EndTag {
  tagName: string;
  sourceCodeLocation: Token.Location | null;
}

export interface Text {
  text: string;
  sourceCodeLocation: Token.Location | null;
}

export interface HtmlTokenHandlers {
  startTag?(token: StartTag): void;
  endTag?(token: EndTag): void;
  text?(token: Text): void;
}

/** The value of a start tag's attribute, if it has one of that name. */
export function attributeOf(attrs: readonly Token.Attribute[], name: string): string | undefined {
  return attrs.find((attribute) => attribute.name === name)?.value;
}

/**
 * Reads a whole HTML document as a stream of start tags, end tags and text (adjacent text joined),
 * tokenized as a browser would (raw text in `script` and `style`, foreign content in `svg` and `math`).
 *
 * parse5-sax-parser does the same as a Node stream, but a stream only lets go of its document and of
 * the handlers' state once the event loop turns: a process extracting many pages in one synchronous
 * run (or in a loop of resolved awaits) kept every page it had read. This reader holds nothing once it
 * returns.
 */
export function readHtmlTokens(
  source: string,
  handlers: HtmlTokenHandlers,
  options: { sourceCodeLocationInfo?: boolean } = {},
): void {
  const reader = new TokenReader(handlers, options.sourceCodeLocationInfo ?? false);
  reader.tokenizer.write(source, true);
}

const $ = html.TAG_ID;
const REPLACEMENT_CHARACTER = '\uFFFD';
const LINE_FEED = 0x0a;
const TOKENIZER_MODES = new Map<html.TAG_ID, (typeof TokenizerMode)[keyof typeof TokenizerMode]>([
  [$.TEXTAREA, TokenizerMode.RCDATA],
  [$.TITLE, TokenizerMode.RCDATA],
  [$.PLAINTEXT, TokenizerMode.PLAINTEXT],
  [$.SCRIPT, TokenizerMode.SCRIPT_DATA],
  [$.STYLE, TokenizerMode.RAWTEXT],
  [$.IFRAME, TokenizerMode.RAWTEXT],
  [$.XMP, TokenizerMode.RAWTEXT],
  [$.NOEMBED, TokenizerMode.RAWTEXT],
  [$.NOFRAMES, TokenizerMode.RAWTEXT],
  [$.NOSCRIPT, TokenizerMode.RAWTEXT],
]);

/** The tokenizer adjustments a tree builder would make (as parse5-sax-parser's feedback simulator does). */
class TokenReader implements TokenHandler {
  readonly tokenizer: Tokenizer;
  private readonly namespaces: html.NS[] = [];
  private isInForeignContent = false;
  private skipsNextNewLine = false;
  private pendingText: Text | null = null;

  constructor(
    private readonly handlers: HtmlTokenHandlers,
    sourceCodeLocationInfo: boolean,
  ) {
    this.tokenizer = new Tokenizer({ sourceCodeLocationInfo }, this);
    this.enterNamespace(html.NS.HTML);
  }

  onCharacter({ chars, location }: Token.CharacterToken): void {
    this.skipsNextNewLine = false;
    this.addText(chars, location);
  }

  onNullCharacter({ chars, location }: Token.CharacterToken): void {
    this.skipsNextNewLine = false;
    this.addText(this.isInForeignContent ? REPLACEMENT_CHARACTER : chars, location);
  }

  onWhitespaceCharacter({ chars, location }: Token.CharacterToken): void {
    let text = chars;
    if (this.skipsNextNewLine && text.charCodeAt(0) === LINE_FEED) {
      this.skipsNextNewLine = false;
      text = text.slice(1);
      if (text === '') return;
    }
    this.addText(text, location);
  }

  onComment(): void {
    this.skipsNextNewLine = false;
    this.flushText();
  }

  onDoctype(): void {
    this.skipsNextNewLine = false;
    this.flushText();
  }

  onEof(): void {
    this.skipsNextNewLine = false;
    this.flushText();
  }

  onStartTag(token: Token.TagToken): void {
    this.flushText();
    if (token.tagID === $.SVG) this.enterNamespace(html.NS.SVG);
    else if (token.tagID === $.MATH) this.enterNamespace(html.NS.MATHML);
    if (this.isInForeignContent) this.adjustForeignStartTag(token);
    else {
      if (token.tagID === $.PRE || token.tagID === $.TEXTAREA || token.tagID === $.LISTING)
        this.skipsNextNewLine = true;
      if (token.tagID === $.IMAGE) {
        token.tagName = html.TAG_NAMES.IMG;
        token.tagID = $.IMG;
      }
      const mode = TOKENIZER_MODES.get(token.tagID);
      if (mode !== undefined) this.tokenizer.state = mode;
    }
    this.handlers.startTag?.({
      tagName: token.tagName,
      attrs: token.attrs,
      selfClosing: token.selfClosing,
      sourceCodeLocation: token.location,
    });
  }

  onEndTag(token: Token.TagToken): void {
    this.flushText();
    const current = this.namespaces[0];
    if (!this.isInForeignContent) {
      const previous = this.namespaces[1];
      const adjusted =
        previous === html.NS.SVG ? foreignContent.SVG_TAG_NAMES_ADJUSTMENT_MAP.get(token.tagName) : undefined;
      const tagId = adjusted ? html.getTagID(adjusted) : token.tagID;
      if (foreignContent.isIntegrationPoint(tagId, previous, token.attrs)) this.leaveNamespace();
    } else if (
      (token.tagID === $.SVG && current === html.NS.SVG) ||
      (token.tagID === $.MATH && current === html.NS.MATHML)
    ) {
      this.leaveNamespace();
    }
    if (this.namespaces[0] === html.NS.SVG) foreignContent.adjustTokenSVGTagName(token);
    this.handlers.endTag?.({ tagName: token.tagName, sourceCodeLocation: token.location });
  }

  private adjustForeignStartTag(token: Token.TagToken): void {
    if (foreignContent.causesExit(token)) {
      this.leaveNamespace();
      return;
    }
    const current = this.namespaces[0];
    if (current === html.NS.MATHML) foreignContent.adjustTokenMathMLAttrs(token);
    else if (current === html.NS.SVG) {
      foreignContent.adjustTokenSVGTagName(token);
      foreignContent.adjustTokenSVGAttrs(token);
    }
    foreignContent.adjustTokenXMLAttrs(token);
    if (!token.selfClosing && foreignContent.isIntegrationPoint(token.tagID, current, token.attrs))
      this.enterNamespace(html.NS.HTML);
  }

  private enterNamespace(namespace: html.NS): void {
    this.namespaces.unshift(namespace);
    this.isInForeignContent = namespace !== html.NS.HTML;
    this.tokenizer.inForeignNode = this.isInForeignContent;
  }

  private leaveNamespace(): void {
    this.namespaces.shift();
    this.isInForeignContent = this.namespaces[0] !== html.NS.HTML;
    this.tokenizer.inForeignNode = this.isInForeignContent;
  }

  private addText(text: string, location: Token.Location | null): void {
    if (this.pendingText === null) {
      this.pendingText = { text, sourceCodeLocation: location };
      return;
    }
    this.pendingText.text += text;
    const pending = this.pendingText.sourceCodeLocation;
    if (location && pending) {
      const { endLine, endCol, endOffset } = location;
      this.pendingText.sourceCodeLocation = { ...pending, endLine, endCol, endOffset };
    }
  }

  private flushText(): void {
    if (this.pendingText === null) return;
    const text = this.pendingText;
    this.pendingText = null;
    this.handlers.text?.(text);
  }
}
