import {
  lowBalanceDedupKey,
  nextReservation,
  openReservation,
  releaseKeyFor,
  reservationKey,
} from './email-reservation';

describe('email reservations', () => {
  const id = 'OUTBOX1';
  const first = reservationKey(id, 0);
  const second = reservationKey(id, 1);

  it('reserves round 0 for an email never admitted', () => {
    expect(nextReservation(id, { keys: [] })).toEqual({ kind: 'reserve', reservationKey: 'email:OUTBOX1#0' });
  });

  it('does not reserve twice while a reservation is open (a re-claimed email after a crash)', () => {
    expect(nextReservation(id, { keys: [first] })).toEqual({
      kind: 'already-reserved',
      reservationKey: first,
    });
  });

  it('starts a new round after the previous one was released (a retry after a failed send)', () => {
    expect(nextReservation(id, { keys: [first, releaseKeyFor(first)] })).toEqual({
      kind: 'reserve',
      reservationKey: second,
    });
  });

  it('finds the open reservation to release, and none once released', () => {
    expect(openReservation(id, { keys: [first, releaseKeyFor(first), second] })).toBe(second);
    expect(openReservation(id, { keys: [first, releaseKeyFor(first)] })).toBeUndefined();
    expect(openReservation(id, { keys: [] })).toBeUndefined();
  });

  it('ignores keys of other emails', () => {
    expect(nextReservation(id, { keys: [reservationKey('OTHER', 0)] }).reservationKey).toBe(first);
  });

  it('names one low-balance notice per top-up episode', () => {
    expect(lowBalanceDedupKey('U1', undefined)).toBe('low-balance:U1:start');
    expect(lowBalanceDedupKey('U1', 'E9')).toBe('low-balance:U1:E9');
  });
});
