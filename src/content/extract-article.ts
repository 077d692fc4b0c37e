import { assembleArticle, type AssembledArticle } from './assemble-article';
import { htmlToText } from './html-to-text';
import { extractWithReadability } from './readability-fallback';
import { rewriteForEmail, type RewriteOptions } from './rewrite-for-email';
import { scanPage, type ScanOptions } from './scan-page';
import { resolveSafeUrl } from './url-safety';

export interface ExtractOptions extends RewriteOptions {
  /** The feed's own summary of the entry (text or HTML): paragraphs repeating it point at the article. */
  summary?: string;
  /** Below this confidence the page goes through Mozilla Readability instead (0 never, 1 always). */
  minConfidence?: number;
}

export interface ExtractedArticle {
  /** Article HTML, already rewritten for email. */
  html: string;
  text: string;
  title?: string;
  byline?: string;
  leadImage?: string;
  excerpt?: string;
  /** How sure the stream path is that it found the article, from 0 to 1. */
  confidence: number;
  method: 'stream' | 'readability';
}

/**
 * Chosen by measuring the corpus (`npm run bench -- extract`): the pages below 0.45 are few (about 5%),
 * small or oddly built, and Readability is cheap and often better on them.
 */
export const DEFAULT_MIN_CONFIDENCE = 0.45;
/** A short article that is nearly all of the page's text is likely right, but never certain. */
const COVERAGE_WEIGHT = 0.6;
/** Shorter than this, the article was probably pruned away by class names: try again without them. */
const MIN_ARTICLE_LENGTH = 500;
/** jsdom and Readability recurse over the tree: deeper pages would overflow the stack, so stay on ours. */
const MAX_FALLBACK_DEPTH = 500;

/** The main article of a page, for email: streamed and scored, with Readability as the fallback. */
export function extractArticle(html: string, url: string, options: ExtractOptions = {}): ExtractedArticle {
  const summaryText = options.summary ? htmlToText(options.summary) : undefined;
  let { metadata, assembled, maxDepth } = scanAndAssemble(html, { summaryText, judgeByNames: true });
  if (assembled.textLength < MIN_ARTICLE_LENGTH) {
    const retry = scanAndAssemble(html, { summaryText, judgeByNames: false });
    if (retry.assembled.textLength > assembled.textLength) ({ metadata, assembled, maxDepth } = retry);
  }
  const confidence = confidenceOf(assembled);
  const leadImage = metadata.leadImage ? resolveSafeUrl(metadata.leadImage, url) : undefined;
  const title = metadata.metaTitle ?? metadata.documentTitle;
  const byline = metadata.metaByline ?? metadata.bylineText;
  if (confidence < (options.minConfidence ?? DEFAULT_MIN_CONFIDENCE) && maxDepth <= MAX_FALLBACK_DEPTH) {
    const fallback = extractWithReadability(html, url);
    if (fallback) {
      const rewritten = rewriteForEmail(fallback.html, url, options);
      return {
        html: rewritten,
        text: htmlToText(rewritten),
        title: fallback.title || title,
        byline: fallback.byline || byline,
        leadImage,
        excerpt: fallback.excerpt || metadata.excerpt,
        confidence,
        method: 'readability',
      };
    }
  }
  const rewritten = rewriteForEmail(assembled.html, url, options);
  return {
    html: rewritten,
    text: htmlToText(rewritten),
    title,
    byline,
    leadImage,
    excerpt: metadata.excerpt,
    confidence,
    method: 'stream',
  };
}

function scanAndAssemble(html: string, options: ScanOptions) {
  const { root, candidates, metadata, maxDepth } = scanPage(html, options);
  return { metadata, maxDepth, assembled: assembleArticle(html, root, candidates) };
}

/** Long, well-scored, link-poor text is an article; a short or link-heavy pick is a guess. */
function confidenceOf({ topScore, textLength, pageTextLength, linkDensity }: AssembledArticle): number {
  const lengthFactor = Math.min(1, textLength / 1000);
  const scoreFactor = Math.min(1, topScore / 40);
  const coverage = Math.min(1, textLength / Math.max(1, pageTextLength));
  const confidence =
    Math.max(lengthFactor * scoreFactor, coverage ** 2 * COVERAGE_WEIGHT) * (1 - linkDensity);
  return Math.round(confidence * 1000) / 1000;
}
