import { escapeHtml } from '../../mail/domain/escape-html';

/**
 * The one door through which inbound HTML reaches agents. Until the content module's sanitiser is
 * wired here, the HTML is shown as escaped source text: unreadable at times, but never live.
 */
export function sanitizedHtml(rawHtml: string): string {
  return `<pre>${escapeHtml(rawHtml)}</pre>`;
}
