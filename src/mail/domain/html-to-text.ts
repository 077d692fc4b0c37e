import { htmlToText } from '../../content';

const DOCUMENT_BODY = /^\s*<!doctype html>[^]*?(?=<body[\s>])/i;

/**
 * The text/plain part of an email, from its HTML: the content module's HTML-to-text. In a whole
 * document (our layouts) nothing before `<body>` is readable (styles, MSO conditionals), so tokenising
 * starts there: a third less work per email. Fragments (an entry's HTML) are read whole.
 */
export function emailHtmlToText(html: string): string {
  return htmlToText(html.replace(DOCUMENT_BODY, ''));
}
