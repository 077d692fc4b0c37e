/** The content pipeline as a library: `import { rewriteForEmail } from 'tidings/content'`. */
export { rewriteForEmail, DEFAULT_MAX_BYTES, type RewriteOptions } from './rewrite/rewrite-for-email';
export { htmlToText } from './text/html-to-text';
export {
  extractArticle,
  DEFAULT_MIN_CONFIDENCE,
  type ExtractOptions,
  type ExtractedArticle,
} from './extract/extract-article';
export { decodeHtmlBytes } from './decode-html-bytes';
