/**
 * An email's credits are reserved when the outbox admits it and given back if it is not sent. A retried
 * email is admitted again later, so each admission is a numbered round with its own idempotency keys:
 * `email:<outboxId>#<round>` for the reservation and `release:email:<outboxId>#<round>` for its release.
 */
export interface ReservationHistory {
  /** Idempotency keys of the email's reservations and releases so far. */
  keys: readonly string[];
}

export type ReservationStep =
  { kind: 'already-reserved'; reservationKey: string } | { kind: 'reserve'; reservationKey: string };

export function reservationKey(outboxId: string, round: number): string {
  return `email:${outboxId}#${round}`;
}

export function releaseKeyFor(reservation: string): string {
  return `release:${reservation}`;
}

/** The reservation still holding credits, if any: one without a release. */
export function openReservation(outboxId: string, history: ReservationHistory): string | undefined {
  const keys = new Set(history.keys);
  for (let round = 0; keys.has(reservationKey(outboxId, round)); round += 1) {
    const key = reservationKey(outboxId, round);
    if (!keys.has(releaseKeyFor(key))) return key;
  }
  return undefined;
}

/** What admitting the email means now: nothing new when a reservation is still open, else a new round. */
export function nextReservation(outboxId: string, history: ReservationHistory): ReservationStep {
  const open = openReservation(outboxId, history);
  if (open) return { kind: 'already-reserved', reservationKey: open };
  let round = 0;
  while (history.keys.includes(reservationKey(outboxId, round))) round += 1;
  return { kind: 'reserve', reservationKey: reservationKey(outboxId, round) };
}

/**
 * One low-balance email per episode: an episode starts with the last credit top-up (purchase or grant),
 * so a shortage after a purchase notifies again, while every email held in between shares one notice.
 */
export function lowBalanceDedupKey(userId: string, lastTopUpEntryId: string | undefined): string {
  return `low-balance:${userId}:${lastTopUpEntryId ?? 'start'}`;
}
