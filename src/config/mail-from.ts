import { addressParser } from 'postal-mime';
import { z } from 'zod';

export interface Mailbox {
  /** The bare address, `feeds@example.com`. */
  address: string;
  /** The display name (decoded), or null when MAIL_FROM gives none. */
  name: string | null;
  /** The address's domain, lower-cased: bounce, reply and unsubscribe addresses live there. */
  domain: string;
}

// HTML's address syntax: like RFC 5321 without quoted local parts, and it allows dotless hosts (localhost).
const address = z.email({ pattern: z.regexes.html5Email });

/**
 * One RFC 5322 mailbox (`feeds@example.com`, `Tidings <feeds@example.com>`, `"Doe, Jane" <…>`, a
 * non-ASCII or encoded-word name), read by postal-mime's address parser (it decodes encoded words, which
 * nodemailer's does not); a message when it is not one.
 */
export function parseMailbox(text: string): Mailbox | string {
  const parsed = addressParser(text);
  if (parsed.length !== 1 || parsed[0].group)
    return 'expected one address, such as feeds@example.com or "Tidings <feeds@example.com>"';
  const mailbox = parsed[0];
  if (!mailbox.address || !address.safeParse(mailbox.address).success)
    return 'expected an email address, such as feeds@example.com or "Tidings <feeds@example.com>"';
  return {
    address: mailbox.address,
    name: mailbox.name?.trim() || null,
    domain: mailbox.address.slice(mailbox.address.lastIndexOf('@') + 1).toLowerCase(),
  };
}
