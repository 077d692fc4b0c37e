import { htmlToText } from '../../content';

/** The text/plain part of an email, from its HTML: the content module's HTML-to-text. */
export function emailHtmlToText(html: string): string {
  return htmlToText(html);
}
