/**
 * Whether an inbound message was sent by a machine rather than typed by a person (RFC 3834 and the
 * headers auto-responders, mailing lists and vacation notices add in practice). Such mail is never
 * acknowledged and never obeyed as a command; it may still reach support as a message.
 */
export interface InboundSignals {
  /** The envelope sender (Return-Path); empty or null for bounces and RFC 3834 responses. */
  returnPath: string | null;
  /** Header values by lower-cased name. */
  headers: ReadonlyMap<string, string>;
  subject?: string;
}

const MACHINE_SENDER =
  /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|owner-.*|.*-request|.*-bounces?)$/i;

/** Headers that auto-responders set although RFC 3834 names `Auto-Submitted` (any value means "yes"). */
const AUTO_REPLY_HEADERS = [
  'x-autoreply',
  'x-autorespond',
  'x-autoresponder',
  'x-vacation',
  'x-mail-autoreply',
];

/** Subjects of out-of-office and vacation notices in the languages we read commands in. */
const VACATION_SUBJECT =
  /^(auto\s*:|auto(matic|matisch[e]?)?[ -]?(reply|response|antwort)|out of (the )?office|ooo\b|on vacation|abwesenheit|r[ée]ponse automatique|absence\b|absent\b|respuesta autom[áa]tica|fuera de la oficina|ausente\b|vacaciones)/i;

/** Why this looks like machine mail, or null when a person seems to have written it. */
export function machineMailReason(mail: InboundSignals): string | null {
  const header = (name: string) => mail.headers.get(name)?.trim() ?? '';
  const [local, domain] = splitAddress(envelopeSender(mail.returnPath));
  if (!local || !domain) return 'no return path';
  if (header('auto-submitted') && !/^no\b/i.test(header('auto-submitted'))) return 'auto-submitted';
  if (/^(bulk|list|junk|auto_reply)$/i.test(header('precedence'))) return 'bulk';
  if (header('list-id') || header('list-unsubscribe')) return 'list';
  if (/\b(all|autoreply|oof)\b/i.test(header('x-auto-response-suppress'))) return 'auto-response suppressed';
  if (AUTO_REPLY_HEADERS.some((name) => mail.headers.has(name) && !/^no\b/i.test(header(name))))
    return 'auto-reply header';
  if (MACHINE_SENDER.test(local)) return 'machine sender';
  // Only the subject's start: a person's reply starts with "Re:" and then the title of the email replied to.
  if (VACATION_SUBJECT.test((mail.subject ?? '').trim())) return 'vacation notice';
  return null;
}

/** The bare address of a Return-Path value (`<a@b>` → `a@b`; `<>` → ''). */
export function envelopeSender(returnPath: string | null): string {
  return (returnPath ?? '').trim().replace(/^<|>$/g, '');
}

export function splitAddress(address: string): [string, string] {
  const at = address.lastIndexOf('@');
  return at < 1 ? ['', ''] : [address.slice(0, at), address.slice(at + 1).toLowerCase()];
}
