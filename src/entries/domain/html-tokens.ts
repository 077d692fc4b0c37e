import { Tokenizer, TokenizerMode, type Token, type TokenHandler } from 'parse5';

export interface HtmlVisitor {
  startTag?(token: Token.TagToken): void;
  endTag?(token: Token.TagToken): void;
  text?(text: string): void;
}

/** Elements whose content the HTML tokenizer reads as text, as a browser's tree builder tells it to. */
const TEXT_MODES: Record<string, (typeof TokenizerMode)[keyof typeof TokenizerMode]> = {
  title: TokenizerMode.RCDATA,
  textarea: TokenizerMode.RCDATA,
  script: TokenizerMode.SCRIPT_DATA,
  plaintext: TokenizerMode.PLAINTEXT,
  style: TokenizerMode.RAWTEXT,
  iframe: TokenizerMode.RAWTEXT,
  xmp: TokenizerMode.RAWTEXT,
  noembed: TokenizerMode.RAWTEXT,
  noframes: TokenizerMode.RAWTEXT,
  noscript: TokenizerMode.RAWTEXT,
};

/**
 * Walks the tokens of an HTML fragment with parse5's tokenizer, synchronously. Feed parsing reads the
 * text of every title and summary of every poll: parse5's SAX parser is a stream, and its set-up per
 * fragment cost more than the tokenising (three times over, in garbage collection).
 */
export function visitHtml(html: string, visitor: HtmlVisitor, withLocations = false): void {
  const handler: TokenHandler = {
    onStartTag(token) {
      visitor.startTag?.(token);
      const mode = TEXT_MODES[token.tagName];
      if (mode !== undefined && !token.selfClosing) tokenizer.state = mode;
    },
    onEndTag: (token) => visitor.endTag?.(token),
    onCharacter: (token) => visitor.text?.(token.chars),
    onWhitespaceCharacter: (token) => visitor.text?.(token.chars),
    onNullCharacter: () => undefined,
    onComment: () => undefined,
    onDoctype: () => undefined,
    onEof: () => undefined,
  };
  const tokenizer = new Tokenizer({ sourceCodeLocationInfo: withLocations }, handler);
  tokenizer.write(html, true);
}
