import PostalMime, { Address, Email } from 'postal-mime';
import { InboundFile } from './domain/attachment-rules';
import { parseMessageIds } from './domain/message-ids';
import { UnreadableMessageError } from './support-errors';

/** An inbound email reduced to what support and bounce handling read. */
export interface InboundMail {
  messageId: string | null;
  /** In-Reply-To first, then References newest first: the order in which to look for a thread. */
  parentIds: string[];
  from: string | null;
  returnPath: string | null;
  subject: string;
  text: string;
  html: string | null;
  /** Header values by lower-cased name (the first of each). */
  headers: Map<string, string>;
  /** Recipients named in the headers, for the webhook, which has no SMTP envelope. */
  headerRecipients: string[];
  /**
   * Report parts as text: message/delivery-status (DSNs), message/feedback-report (complaints) and the
   * original message or its headers that reports carry.
   */
  parts: Array<{ mimeType: string; content: string }>;
  /** Every other attachment, inline pictures included: the files a reader sends to support. */
  files: InboundFile[];
}

const MAX_TEXT = 1_000_000;
const REPORT_PARTS =
  /^(message\/(global-)?delivery-status|message\/feedback-report|message\/rfc822|text\/rfc822-headers)$/;

/** Throws UnreadableMessageError when the parser refuses the message: retrying it would change nothing. */
export async function parseInboundMail(raw: Buffer): Promise<InboundMail> {
  const email = await PostalMime.parse(raw, { forceRfc822Attachments: true }).catch((error: Error) => {
    throw new UnreadableMessageError(`the message cannot be read: ${error.message}`);
  });
  const headers = new Map<string, string>();
  for (const header of email.headers) if (!headers.has(header.key)) headers.set(header.key, header.value);
  const messageId = parseMessageIds(email.messageId)[0] ?? null;
  return {
    messageId,
    parentIds: [...parseMessageIds(email.inReplyTo), ...parseMessageIds(email.references).reverse()].filter(
      (id) => id !== messageId,
    ),
    from: mailboxes(email.from ? [email.from] : [])[0] ?? null,
    returnPath: email.returnPath?.trim().replace(/^<|>$/g, '') || null,
    subject: (email.subject ?? '').slice(0, 1000),
    text: (email.text ?? '').slice(0, MAX_TEXT),
    html: email.html ? email.html.slice(0, MAX_TEXT) : null,
    headers,
    headerRecipients: headerRecipients(email),
    parts: email.attachments
      .filter((part) => REPORT_PARTS.test(part.mimeType))
      .map((part) => ({ mimeType: part.mimeType, content: asText(part.content) })),
    files: email.attachments
      .filter((part) => !REPORT_PARTS.test(part.mimeType))
      .map((part) => ({
        filename: part.filename,
        contentType: part.mimeType,
        content: asBytes(part.content),
      })),
  };
}

function headerRecipients(email: Email): string[] {
  const delivered = ['delivered-to', 'x-original-to']
    .flatMap((key) => email.headers.filter((header) => header.key === key))
    .map((header) => header.value.trim().replace(/^<|>$/g, ''));
  return [...new Set([...delivered, ...mailboxes([...(email.to ?? []), ...(email.cc ?? [])])])];
}

function mailboxes(addresses: Address[]): string[] {
  return addresses
    .flatMap((address) => (address.group ? address.group : [address]))
    .map((mailbox) => mailbox.address?.trim() ?? '')
    .filter((address) => address.includes('@'));
}

function asBytes(content: ArrayBuffer | Uint8Array | string): Uint8Array {
  if (typeof content === 'string') return new TextEncoder().encode(content);
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

function asText(content: ArrayBuffer | Uint8Array | string): string {
  return typeof content === 'string' ? content : new TextDecoder().decode(content).slice(0, MAX_TEXT);
}
