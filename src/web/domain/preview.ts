/** What the dashboard shows of a post "as the email would look", all plain text (escaped when rendered). */
export interface EmailPreview {
  title: string | null;
  link: string | null;
  teaser: string;
}

export function emailPreviewOf(entry: {
  title: string | null;
  link: string | null;
  summary: string | null;
  content: string | null;
}): EmailPreview {
  return {
    title: entry.title,
    link: httpLinkOrNull(entry.link),
    teaser: previewText(entry.content ?? entry.summary),
  };
}

/**
 * The newest entry as a short plain-text teaser for the add-feed preview. Tags are dropped rather than
 * parsed: the result is escaped again when rendered, so markup can never get through.
 */
export function previewText(html: string | null, maxLength = 600): string {
  const text = (html ?? '')
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?(p|div|br|li|h[1-6]|blockquote|pre|tr|td)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** A link from a feed, only when it is http(s): feeds may carry `javascript:` links. */
export function httpLinkOrNull(link: string | null): string | null {
  try {
    const url = new URL(link ?? '');
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
