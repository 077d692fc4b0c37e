/** Readability's heuristics: what class names, ids, roles and tags say about an element's content. */

const UNLIKELY_CANDIDATE =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
/**
 * "header" names the page's masthead, except at the head of an `article` or `main` element: there it is
 * the article's own header (its title, lead and byline), as HTML means a `header` in an `article`.
 */
const HEADER = /header/gi;
const MAYBE_CANDIDATE = /and|article|body|column|content|main|mathjax|shadow/i;
const POSITIVE = /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story/i;
const NEGATIVE =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget/i;
/**
 * Share widgets and "read more" blocks: clutter when short (a button, a teaser link), but a "read more"
 * expander holds the rest of the article, and some sites name their article body "share-…".
 */
const CLUTTER_IF_SHORT = /(\b|_)(share|sharedaddy|read-?more)(\b|_)/i;
/**
 * Blocks that sit inside articles without being part of them, named for what they are: newsletter and
 * sign-up boxes, calls to action, author bios and cards, post meta lines (tags, categories, dates),
 * ratings, affiliate and advertiser disclosures, info and fact boxes (asides to the story). Matched as
 * whole words of class names and ids. Not "paywall": sites name the paywalled article body so more often than the notice.
 */
const BOILERPLATE =
  /(?:^|[\s_-])(?:newsletter|subscribe|subscription|signup|cta|cookies?|consent|(?:bread)?crumbs?|ratings?|donate|donation|recommended|author[-_]*(?:bio|box|info|description|card)|about-author|(?:entry|post|article)-?(?:meta|utility|footer|tags)|postmetadata|tag-?links|tags|categories|more-stories|also-read|affiliate|disclosure|infobox|factbox)(?:$|[\s_-])/i;
const BYLINE = /byline|author|dateline|writtenby|p-author/i;

/** Named as a byline or an author line (a class or id such as "byline", "author-name"). */
export function isNamedByline({ className, id }: Pick<ElementHints, 'className' | 'id'>): boolean {
  return BYLINE.test(`${className} ${id}`);
}
const UNLIKELY_ROLES = new Set([
  'menu',
  'menubar',
  'complementary',
  'navigation',
  'alert',
  'alertdialog',
  'dialog',
]);

/**
 * Elements whose whole subtree never holds article content. Not `form`: some sites wrap the whole page
 * in one (ASP.NET, shop plugins); cleaning leaves out the small ones.
 */
const NON_CONTENT_TAGS = new Set(
  'script style noscript template iframe textarea title svg math object applet button select nav footer aside dialog canvas frameset noembed noframes head'.split(
    ' ',
  ),
);

/** Elements that never show anything: pruned, they leave no visible gap in an article. */
const SILENT_TAGS = new Set(['script', 'style', 'noscript', 'template', 'link']);

export function isSilent(tagName: string): boolean {
  return SILENT_TAGS.has(tagName);
}

const INITIAL_TAG_SCORE: Record<string, number> = {
  div: 5,
  pre: 3,
  td: 3,
  blockquote: 3,
  address: -3,
  ol: -3,
  ul: -3,
  dl: -3,
  dd: -3,
  dt: -3,
  li: -3,
  form: -3,
  h1: -5,
  h2: -5,
  h3: -5,
  h4: -5,
  h5: -5,
  h6: -5,
  th: -5,
};

/** Tags Readability scores as paragraphs; a `div` without block children counts as one too. */
export const SCORED_AS_PARAGRAPH = new Set(['section', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'td', 'pre']);
export const BLOCKS_INSIDE_DIV = new Set(['blockquote', 'dl', 'div', 'img', 'ol', 'p', 'pre', 'table', 'ul']);

export interface ElementHints {
  tagName: string;
  className: string;
  id: string;
  role?: string;
  isHidden: boolean;
}

/**
 * Whether a subtree holds no article content. With `judgeByNames` off, only tags and visibility count:
 * Readability's second try on pages whose class names all look unlikely.
 */
export function isNonContent(
  hints: ElementHints,
  { isInsideTableOrCode, isAtArticleHead }: { isInsideTableOrCode: boolean; isAtArticleHead: boolean },
  judgeByNames: boolean,
): boolean {
  if (NON_CONTENT_TAGS.has(hints.tagName) || hints.isHidden) return true;
  if (hints.role && UNLIKELY_ROLES.has(hints.role)) return true;
  if (!judgeByNames || hints.tagName === 'body' || hints.tagName === 'a' || isInsideTableOrCode) return false;
  const names = `${hints.className} ${hints.id}`;
  if (isNamedBoilerplate(hints)) return true;
  const matchString = isAtArticleHead ? names.replace(HEADER, ' ') : names;
  return UNLIKELY_CANDIDATE.test(matchString) && !MAYBE_CANDIDATE.test(matchString);
}

/** Taxonomy classes that blogs put on whole posts (`tag-newsletter`, `category-cookies`) name no block. */
const TAXONOMY_CLASS = /^(?:tag|category)-(?!links$)/i;

/** Microformats' mark of a whole post: its other classes name its tags and categories, not a block. */
const WHOLE_POST_CLASS = /(?:^|\s)h-?entry(?:$|\s)/i;

export function isNamedBoilerplate({ className, id }: Pick<ElementHints, 'className' | 'id'>): boolean {
  if (WHOLE_POST_CLASS.test(className)) return false;
  const words = className.split(/\s+/).filter((word) => !TAXONOMY_CLASS.test(word));
  return BOILERPLATE.test(id) || words.some((word) => BOILERPLATE.test(word));
}

export function isNamedClutterIfShort({ className, id }: ElementHints): boolean {
  return CLUTTER_IF_SHORT.test(`${className} ${id}`);
}

export function isBylineCandidate(
  hints: ElementHints,
  rel: string | undefined,
  itemprop: string | undefined,
): boolean {
  return (
    rel === 'author' || (itemprop ?? '').includes('author') || BYLINE.test(`${hints.className} ${hints.id}`)
  );
}

export function classWeight(className: string, id: string): number {
  let weight = 0;
  for (const value of [className, id]) {
    if (value === '') continue;
    if (NEGATIVE.test(value)) weight -= 25;
    if (POSITIVE.test(value)) weight += 25;
  }
  return weight;
}

export function initialScore(tagName: string, className: string, id: string, weighClasses = true): number {
  return (INITIAL_TAG_SCORE[tagName] ?? 0) + (weighClasses ? classWeight(className, id) : 0);
}
