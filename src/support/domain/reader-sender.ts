import { envelopeSender } from './machine-mail';

/**
 * Whether a message comes from the reader an email of ours was sent to: its From address and, when it
 * has one, its envelope sender are that address (compared without case). The reply token proves which
 * email is answered, not who answers: someone the email was forwarded to has the token too.
 */
export function isFromReader(
  sender: { from: string | null; returnPath: string | null },
  reader: string,
): boolean {
  const expected = reader.trim().toLowerCase();
  const envelope = envelopeSender(sender.returnPath).toLowerCase();
  return sender.from?.trim().toLowerCase() === expected && (envelope === '' || envelope === expected);
}
