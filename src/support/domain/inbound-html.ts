import { rewriteForEmail } from '../../content';

/**
 * The one door through which inbound HTML reaches agents: the content module's sanitiser (allow-listed
 * elements and attributes, http(s)/mailto URLs only). An email has no base URL: `about:blank` leaves
 * relative links out and adds no "continue reading" link. No size cap: the message already passed
 * INBOUND_MAX_BYTES, and an agent must see all of it.
 */
export function sanitizedHtml(rawHtml: string): string {
  return rewriteForEmail(rawHtml, 'about:blank', { maxBytes: Number.POSITIVE_INFINITY });
}
