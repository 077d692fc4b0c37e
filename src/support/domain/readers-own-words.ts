import EmailReplyParser from 'email-reply-parser';
import { htmlToText } from '../../content';
import { withoutQuotedHtml } from './quoted-html';

/**
 * What the reader wrote in a message, without what their mail client added: the quoted email ("On …
 * wrote:", "Le … a écrit :", "Am … schrieb …:", "El … escribió:", Outlook's "From: … Sent: …" block and
 * `>` lines, read by crisp's email-reply-parser in a dozen languages), the signature after "-- " and
 * "Sent from my iPhone". An HTML-only message is read from its HTML, without the blocks mail clients mark
 * as quotes (`withoutQuotedHtml`). Empty when the reader wrote nothing of their own.
 */
export function readersOwnWords(message: { text: string; html: string | null }): string {
  const text =
    message.text.trim() !== ''
      ? message.text
      : message.html
        ? htmlToText(withoutQuotedHtml(message.html))
        : '';
  return new EmailReplyParser().read(text.replace(/\r\n?/g, '\n')).getVisibleText().trim();
}
