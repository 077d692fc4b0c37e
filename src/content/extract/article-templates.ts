import { attributeOf, readHtmlTokens, type StartTag } from '../shared/html-tokens';

/** Script types that hold markup for a page's JavaScript to render rather than code. */
const TEMPLATE_TYPES = new Set(['text/template', 'text/html', 'text/x-template']);
/** A quick look before reading the page again: most pages have no such script. */
const TEMPLATE_SCRIPT = /<script[^>]+type\s*=\s*["']?text\/(?:template|html|x-template)/i;

/**
 * Blogger's newer themes (Google's own blogs among them) write each post's HTML inside a
 * `<script type="text/template">` opening the element marked as the article's body
 * (`itemprop="articleBody"`), and show it with JavaScript: read as HTML, that body is empty and the
 * page's header wins. Such a script is unwrapped (its tags taken out, its markup kept) so that the post
 * reads as a browser shows it. A template anywhere else (share buttons, cookie banners) stays a script.
 */
export function unwrapArticleTemplates(html: string): string {
  if (!html.includes('articleBody') || !TEMPLATE_SCRIPT.test(html)) return html;
  const cuts: Array<[number, number]> = [];
  let bodyJustOpened = false;
  let isInTemplate = false;
  readHtmlTokens(
    html,
    {
      startTag: (token) => {
        const location = token.sourceCodeLocation;
        if (bodyJustOpened && location && token.tagName === 'script' && isTemplate(token)) {
          cuts.push([location.startOffset, location.endOffset]);
          isInTemplate = true;
        }
        bodyJustOpened = attributeOf(token.attrs, 'itemprop') === 'articleBody';
      },
      endTag: ({ tagName, sourceCodeLocation }) => {
        bodyJustOpened = false;
        if (tagName !== 'script' || !isInTemplate || !sourceCodeLocation) return;
        cuts.push([sourceCodeLocation.startOffset, sourceCodeLocation.endOffset]);
        isInTemplate = false;
      },
      text: ({ text }) => {
        if (!isInTemplate && text.trim() !== '') bodyJustOpened = false;
      },
    },
    { sourceCodeLocationInfo: true },
  );
  if (cuts.length === 0) return html;
  let unwrapped = '';
  let from = 0;
  for (const [start, end] of cuts) {
    unwrapped += html.slice(from, start);
    from = end;
  }
  return unwrapped + html.slice(from);
}

function isTemplate(token: StartTag): boolean {
  return TEMPLATE_TYPES.has((attributeOf(token.attrs, 'type') ?? '').trim().toLowerCase());
}
