/** How an SMTP failure is handled: 4xx and dropped connections retry later; 5xx is final. */
export type DeliveryFailure = { kind: 'retry'; retryAt: Date } | { kind: 'permanent' };

export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 6 * 60 * 60_000;

export function classifySendError(
  error: { responseCode?: number; code?: string },
  attempts: number,
  now: Date,
): DeliveryFailure {
  const isPermanent =
    typeof error.responseCode === 'number' && error.responseCode >= 500 && error.responseCode < 600;
  if (isPermanent || attempts >= MAX_ATTEMPTS) return { kind: 'permanent' };
  return { kind: 'retry', retryAt: new Date(now.getTime() + retryDelayMs(attempts)) };
}

/** Exponential back-off: 1, 2, 4 … minutes after the 1st, 2nd, 3rd … failed attempt, capped at 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}
