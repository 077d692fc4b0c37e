/** Encoding for what the rewriter writes: every text and attribute value passes through here. */

const TEXT_SPECIALS = /[&<>\u00a0]/g;
const ATTRIBUTE_SPECIALS = /[&<>"\u00a0]/g;
const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\u00a0': '&nbsp;',
};

export function escapeText(text: string): string {
  return text.replace(TEXT_SPECIALS, (character) => ENTITY[character]);
}

export function escapeAttribute(value: string): string {
  return value.replace(ATTRIBUTE_SPECIALS, (character) => ENTITY[character]);
}
