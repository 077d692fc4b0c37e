/** What a failed send tells: the server's reply if it gave one, and whether it may have kept the message. */
export interface SmtpFailure {
  responseCode?: number;
  code?: string;
  response?: string;
  message?: string;
  /** How far the delivery got (see `SmtpSendError`): `connect` means the server was never reached. */
  phase?: string;
  /** The connection was lost after the server accepted DATA. */
  isMaybeSent?: boolean;
}

/**
 * What a failure says about its destination domain, beyond this one email: a 421 is the server
 * closing its door (hold the domain), other 4xx replies and lost connections are deferrals that
 * count towards holding it, a 5xx says nothing about the others.
 */
export type DomainSignal = 'closing' | 'deferral';

export type FailureVerdict =
  | { kind: 'failed'; reason: string; isAddressFailure: boolean }
  | { kind: 'retry'; retryAt: Date; reason: string; signal: DomainSignal; isMaybeSent: boolean };

export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 6 * 60 * 60_000;

/**
 * 4xx replies and lost connections retry with jittered exponential back-off; a 5xx fails the email,
 * and so does the last attempt. `random` is a number in [0, 1) that spreads retries (±20 %) so that a
 * whole batch deferred at once does not come back at once.
 */
export function classifySendFailure(
  failure: SmtpFailure,
  attempts: number,
  now: Date,
  random: number,
): FailureVerdict {
  const said = describeFailure(failure);
  const code = failure.responseCode;
  if (code !== undefined && code >= 500 && code < 600)
    return { kind: 'failed', reason: said, isAddressFailure: isAddressFailure(failure) };
  if (attempts >= MAX_ATTEMPTS)
    return { kind: 'failed', reason: `gave up after ${attempts} attempts: ${said}`, isAddressFailure: false };
  const isMaybeSent = code === undefined && Boolean(failure.isMaybeSent);
  const retryAt = new Date(now.getTime() + jittered(retryDelayMs(attempts), random));
  const reason = isMaybeSent
    ? `maybe sent: the connection was lost after the server accepted DATA (${said}); resending with the same Message-ID`
    : code !== undefined
      ? `deferred: ${said}`
      : failure.phase === 'connect'
        ? `could not reach the SMTP server (${said})`
        : `connection lost before the message was sent (${said})`;
  return { kind: 'retry', retryAt, reason, signal: code === 421 ? 'closing' : 'deferral', isMaybeSent };
}

/**
 * A permanent failure that condemns the address itself (no such mailbox, mailbox disabled), as opposed
 * to one about this message (content refused, too big): 550/551/553 or an enhanced status 5.1.x.
 */
export function isAddressFailure(error: SmtpFailure): boolean {
  if ([550, 551, 553].includes(error.responseCode ?? 0)) return true;
  return error.responseCode !== undefined && /\b5\.1\.\d{1,3}\b/.test(error.response ?? '');
}

/** Exponential back-off: 1, 2, 4 … minutes after the 1st, 2nd, 3rd … failed attempt, capped at 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

/** `ms` spread over ±20 % by `random` in [0, 1). */
export function jittered(ms: number, random: number): number {
  return Math.round(ms * (0.8 + 0.4 * random));
}

/** The server's reply (`451 4.7.1 Greylisted`), else the error's code and message. */
function describeFailure(failure: SmtpFailure): string {
  const text = failure.response ?? [failure.code, failure.message].filter(Boolean).join(': ');
  return (text || 'unknown failure').replace(/\s+/g, ' ').trim().slice(0, 500);
}
