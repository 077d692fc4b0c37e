/**
 * Who an inbound message says it comes from: the envelope sender (SMTP `MAIL FROM`, or the
 * `Return-Path` header when a webhook forwards the message without its envelope) and the `From` header.
 */
export interface MessageSender {
  /** Null or empty for the null sender (bounces, RFC 3834 auto-replies) or when nothing says it. */
  envelopeSender: string | null;
  from: string | null;
}

/**
 * An address as compared here: without angle brackets or surrounding space, lower-cased. RFC 5321 lets a
 * host treat the local part as case-sensitive, but no mail provider does, and a reader who writes
 * `Reader@Example.com` is the same reader as `reader@example.com`.
 */
export function normalizeAddress(address: string): string {
  return address
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .trim()
    .toLowerCase();
}

/**
 * Whether a message comes from the reader of the email it answers (`readerAddress`: the address that
 * email was sent to). A reply address's token proves which email is answered, not who answers: anyone
 * the email was forwarded to holds the same address. So every sender address the message gives must
 * be the reader's: its `From`, and its envelope sender unless that is the null sender or unknown. A
 * message without a `From` is nobody's.
 */
export function isSenderTheReader(readerAddress: string, sender: MessageSender): boolean {
  const reader = normalizeAddress(readerAddress);
  if (!reader.includes('@') || !sender.from) return false;
  if (normalizeAddress(sender.from) !== reader) return false;
  const envelope = normalizeAddress(sender.envelopeSender ?? '');
  return envelope === '' || envelope === reader;
}
