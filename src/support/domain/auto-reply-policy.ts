/**
 * RFC 3834 for our automatic acknowledgements: never answer machines (auto-submitted, bulk, list and
 * bounce mail), never our own addresses (a loop), and at most once per sender per week.
 */
const ACKNOWLEDGEMENT_INTERVAL_MS = 7 * 24 * 3600_000;

export interface AcknowledgementCandidate {
  /** The envelope sender (Return-Path); empty for bounces. */
  returnPath: string | null;
  /** Header values by lower-cased name. */
  headers: ReadonlyMap<string, string>;
  ourDomain: string;
}

export type AcknowledgementDecision = { send: true; to: string } | { send: false; reason: string };

const MACHINE_SENDER =
  /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|owner-.*|.*-request|.*-bounces?)$/i;

export function decideAcknowledgement(candidate: AcknowledgementCandidate): AcknowledgementDecision {
  const header = (name: string) => candidate.headers.get(name)?.trim() ?? '';
  const to = (candidate.returnPath ?? '').trim().replace(/^<|>$/g, '');
  const [local, domain] = splitAddress(to);
  if (!local || !domain) return { send: false, reason: 'no return path' };
  if (header('auto-submitted') && !/^no\b/i.test(header('auto-submitted')))
    return { send: false, reason: 'auto-submitted' };
  if (/^(bulk|list|junk)$/i.test(header('precedence'))) return { send: false, reason: 'bulk' };
  if (header('list-id') || header('list-unsubscribe')) return { send: false, reason: 'list' };
  if (/\b(all|autoreply|oof)\b/i.test(header('x-auto-response-suppress')))
    return { send: false, reason: 'auto-response suppressed' };
  if (MACHINE_SENDER.test(local)) return { send: false, reason: 'machine sender' };
  if (domain === candidate.ourDomain.toLowerCase()) return { send: false, reason: 'our own address' };
  return { send: true, to };
}

/** A sender acknowledged at or before this instant may be acknowledged again now. */
export function lastAcknowledgementCutoff(now: Date): Date {
  return new Date(now.getTime() - ACKNOWLEDGEMENT_INTERVAL_MS);
}

function splitAddress(address: string): [string, string] {
  const at = address.lastIndexOf('@');
  return at < 1 ? ['', ''] : [address.slice(0, at), address.slice(at + 1).toLowerCase()];
}
