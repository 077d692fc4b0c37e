/** How an SMTP failure is handled: 4xx and dropped connections retry later; 5xx is final. */
export type DeliveryFailure = { kind: 'retry'; retryAt: Date } | { kind: 'permanent' };

/** What nodemailer tells about a failed send. */
export interface SmtpFailure {
  responseCode?: number;
  code?: string;
  response?: string;
}

export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 6 * 60 * 60_000;

export function classifySendError(error: SmtpFailure, attempts: number, now: Date): DeliveryFailure {
  const isPermanent =
    typeof error.responseCode === 'number' && error.responseCode >= 500 && error.responseCode < 600;
  if (isPermanent || attempts >= MAX_ATTEMPTS) return { kind: 'permanent' };
  return { kind: 'retry', retryAt: new Date(now.getTime() + retryDelayMs(attempts)) };
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
