const SPECIAL = /[&<>"'\u00a0]/g;
const REFERENCE: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\u00a0': '&#160;',
};

/**
 * Text made safe to write into HTML or XML, as element content or as a quoted attribute value: the one
 * escape for the markup Tidings writes (emails, feed text, pages, OPML, XML-RPC answers). References are
 * ones every HTML and XML reader knows (no `&apos;`, which old mail clients show as is); the no-break
 * space is written as a reference so that it stays visible in the source.
 */
export function escapeMarkup(text: string): string {
  return text.replace(SPECIAL, (character) => REFERENCE[character]);
}
