/** Title, byline, lead image and excerpt as the page declares them in `<meta>` tags. */
export interface PageMetadata {
  documentTitle?: string;
  metaTitle?: string;
  metaByline?: string;
  bylineText?: string;
  leadImage?: string;
  excerpt?: string;
}

const TITLE_KEYS = ['og:title', 'twitter:title', 'dc:title', 'title'];
const AUTHOR_KEYS = ['author', 'article:author', 'dc:creator', 'byl', 'parsely-author'];
const IMAGE_KEYS = ['og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'];
const EXCERPT_KEYS = ['og:description', 'description', 'twitter:description', 'dc:description'];

export function recordMetaTag(metadata: PageMetadata, attributes: Map<string, string>): void {
  const key = (attributes.get('property') ?? attributes.get('name') ?? '').trim().toLowerCase();
  const content = attributes.get('content')?.trim();
  if (!key || !content) return;
  if (TITLE_KEYS.includes(key)) metadata.metaTitle ??= content;
  else if (AUTHOR_KEYS.includes(key) && !/^https?:/.test(content)) metadata.metaByline ??= content;
  else if (IMAGE_KEYS.includes(key)) metadata.leadImage ??= content;
  else if (EXCERPT_KEYS.includes(key)) metadata.excerpt ??= content;
}
