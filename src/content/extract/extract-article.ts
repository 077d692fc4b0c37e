import { assembleArticle, type AssembledArticle, type AssembleOptions } from './assemble-article';
import { unwrapArticleTemplates } from './article-templates';
import { articleText } from '../text/html-to-text';
import { extractWithReadability } from './readability-fallback';
import { rewriteForEmail, type RewriteOptions } from '../rewrite/rewrite-for-email';
import { scanPage, type ScanOptions } from './scan-page';
import { resolveSafeUrl } from '../shared/url-safety';

export interface ExtractOptions extends RewriteOptions {
  /** The feed's own summary of the entry (text or HTML): paragraphs repeating it point at the article. */
  summary?: string;
  /** Below this confidence the page goes through Mozilla Readability instead (0: only when the stream path finds nothing, 1 always). */
  minConfidence?: number;
}

export interface ExtractedArticle {
  /** Article HTML, already rewritten for email. */
  html: string;
  /**
   * The article's own text, as a reader reads it: one paragraph or list item a line, without the link
   * addresses, quote marks and pictures' alt texts of the `text/plain` email part (that is `htmlToText(html)`).
   */
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
 * By default Readability (on jsdom) only runs when the stream path finds nothing: measured on
 * trafilatura's judged pages (`npm run bench -- extract`), falling back on low confidence gained little,
 * cost most of the time, and jsdom's windows keep memory long after they are closed, which a process
 * that extracts for as long as it runs cannot afford.
 */
export const DEFAULT_MIN_CONFIDENCE = 0;
/** A short article that is nearly all of the page's text is likely right, but never certain. */
const COVERAGE_WEIGHT = 0.6;
/** Shorter than this, the article was probably pruned away by class names: try again without them. */
const MIN_ARTICLE_LENGTH = 500;
/**
 * A retry replaces the pick only when it keeps this many times as much text. Readability takes the
 * longest, but a short pick is often the whole of a short article, and what a retry adds is what the
 * names it ignores had left out: sidebars, teasers, newsletter and comment blocks.
 */
const RETRY_LENGTH_FACTOR = 3;
/**
 * Readability's retries: first without pruning by names, then without weighing classes (in scoring and
 * in cleaning), then without cleaning either.
 */
const ATTEMPTS: Array<Pick<ScanOptions, 'judgeByNames' | 'weighClasses'> & AssembleOptions> = [
  { judgeByNames: true, weighClasses: true, cleanConditionally: true },
  { judgeByNames: false, weighClasses: true, cleanConditionally: true },
  { judgeByNames: false, weighClasses: false, cleanConditionally: true },
  { judgeByNames: false, weighClasses: false, cleanConditionally: false },
];
/** jsdom and Readability recurse over the tree: deeper pages would overflow the stack, so stay on ours. */
const MAX_FALLBACK_DEPTH = 500;

/** The main article of a page, for email: streamed and scored, with Readability as the fallback. */
export function extractArticle(page: string, url: string, options: ExtractOptions = {}): ExtractedArticle {
  const html = unwrapArticleTemplates(page);
  const summaryText = options.summary ? articleText(options.summary) : undefined;
  const { metadata, assembled, maxDepth } = longestAttempt(html, summaryText);
  const confidence = confidenceOf(assembled);
  const leadImage = metadata.leadImage ? resolveSafeUrl(metadata.leadImage, url) : undefined;
  const title = metadata.metaTitle ?? metadata.documentTitle;
  const byline = metadata.metaByline ?? metadata.bylineText;
  const rewritten = rewriteForEmail(assembled.html, url, options);
  const text = articleText(rewritten);
  const isDoubtful = confidence < (options.minConfidence ?? DEFAULT_MIN_CONFIDENCE) || text.trim() === '';
  if (isDoubtful && maxDepth <= MAX_FALLBACK_DEPTH) {
    const fallback = extractWithReadability(html, url);
    if (fallback) {
      const fallbackHtml = rewriteForEmail(fallback.html, url, options);
      return {
        html: fallbackHtml,
        text: articleText(fallbackHtml),
        title: fallback.title || title,
        byline: fallback.byline || byline,
        leadImage,
        excerpt: fallback.excerpt || metadata.excerpt,
        confidence,
        method: 'readability',
      };
    }
  }
  return {
    html: rewritten,
    text,
    title,
    byline,
    leadImage,
    excerpt: metadata.excerpt,
    confidence,
    method: 'stream',
  };
}

/** The first attempt that keeps an article-sized text, else the one that kept clearly the most. */
function longestAttempt(html: string, summaryText: string | undefined) {
  let best: ReturnType<typeof scanAndAssemble> | undefined;
  for (const attempt of ATTEMPTS) {
    const result = scanAndAssemble(html, { summaryText, ...attempt }, attempt);
    if (!best || result.assembled.textLength > best.assembled.textLength * RETRY_LENGTH_FACTOR) best = result;
    if (best.assembled.textLength >= MIN_ARTICLE_LENGTH) break;
  }
  return best as ReturnType<typeof scanAndAssemble>;
}

function scanAndAssemble(html: string, scan: ScanOptions, assemble: AssembleOptions) {
  const { root, candidates, metadata, maxDepth } = scanPage(html, scan);
  const title = metadata.metaTitle ?? metadata.documentTitle;
  return { metadata, maxDepth, assembled: assembleArticle(html, root, candidates, { ...assemble, title }) };
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
