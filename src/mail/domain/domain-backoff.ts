import { DomainSignal, jittered } from './retry-policy';

/** What the outbox remembers about one destination domain (in memory, per process). */
export interface DomainState {
  /** Deferrals in a row (4xx replies, lost connections) since the last email it accepted. */
  failuresInARow: number;
  /** Holds in a row: each lasts twice as long as the one before. */
  holdsInARow: number;
  /** No email goes to the domain before this instant (ms since the epoch); 0 when not held. */
  heldUntil: number;
  holdReason: string | null;
}

export const FRESH_DOMAIN: DomainState = {
  failuresInARow: 0,
  holdsInARow: 0,
  heldUntil: 0,
  holdReason: null,
};

/** Deferrals in a row after which the whole domain waits, instead of each email finding out alone. */
export const DEFERRALS_BEFORE_HOLD = 3;
const HOLD_BASE_MS = 60_000;
const MAX_HOLD_MS = 60 * 60_000;
const MAX_TRY_LATER_MS = 24 * 60 * 60_000;

/**
 * After a failed attempt: a 421 ("try later", closing the connection) holds the domain at once, for
 * as long as the server asked if it said, else for a jittered back-off that doubles with each hold in
 * a row; three other deferrals in a row hold it too. The hold applies to every connection of the pool;
 * failures while it lasts (of attempts already under way) neither lengthen it nor count.
 */
export function afterFailure(
  state: DomainState,
  signal: DomainSignal,
  response: string | undefined,
  now: number,
  random: number,
): DomainState {
  // Attempts already under way when the hold began fail too: they tell nothing new.
  if (state.heldUntil > now) return state;
  const failuresInARow = state.failuresInARow + 1;
  if (signal === 'deferral' && failuresInARow < DEFERRALS_BEFORE_HOLD) return { ...state, failuresInARow };
  const backOff = jittered(Math.min(MAX_HOLD_MS, HOLD_BASE_MS * 2 ** state.holdsInARow), random);
  const asked = signal === 'closing' ? tryLaterMs(response) : null;
  const why =
    signal === 'closing'
      ? (response ?? '421').replace(/\s+/g, ' ').slice(0, 300)
      : `${failuresInARow} temporary failures in a row`;
  return {
    failuresInARow: 0,
    holdsInARow: state.holdsInARow + 1,
    heldUntil: Math.max(state.heldUntil, now + Math.max(asked ?? 0, backOff)),
    holdReason: why,
  };
}

/** The domain accepted an email: its deferrals and holds no longer count. */
export function afterSuccess(state: DomainState): DomainState {
  return { ...state, failuresInARow: 0, holdsInARow: 0 };
}

/** How long a reply asks us to wait ("try again in 5 minutes", "retry after 300 seconds"), or null. */
export function tryLaterMs(response: string | undefined): number | null {
  const match = /\b(?:in|after)\s+(\d{1,6})\s*(seconds?|secs?|s|minutes?|mins?|m|hours?|h)\b/i.exec(
    response ?? '',
  );
  if (!match) return null;
  const unit = match[2].toLowerCase();
  const unitMs = unit.startsWith('h') ? 3_600_000 : unit.startsWith('m') ? 60_000 : 1000;
  return Math.min(MAX_TRY_LATER_MS, Number(match[1]) * unitMs);
}
