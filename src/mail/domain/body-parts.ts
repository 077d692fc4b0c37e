import Mail from 'nodemailer/lib/mailer';
import { quotedPrintable } from './quoted-printable';
import { textEncodingFor } from './text-encoding';

/** A MIME part nodemailer sends as given, its headers included (its types leave `raw` out; its composer reads it). */
type RawPart = Mail.AttachmentLike & { raw: string };

/**
 * An email's text and HTML parts for nodemailer. In quoted-printable (mostly Latin text) they are
 * encoded here, as whole parts, by `quotedPrintable`: nodemailer's own encoder and its line-wrapping
 * stream were a third of a digest worker's MIME work. Base64 (Buffer's native encoder) stays nodemailer's.
 */
export function bodyParts(
  html: string,
  text: string,
): { html: RawPart; text: RawPart } | { html: string; text: string; textEncoding: 'base64' } {
  if (textEncodingFor(text) === 'base64') return { html, text, textEncoding: 'base64' };
  return { html: quotedPrintablePart('text/html', html), text: quotedPrintablePart('text/plain', text) };
}

function quotedPrintablePart(type: string, content: string): RawPart {
  return {
    raw: `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${quotedPrintable(content)}`,
  };
}
