import { answerVerification, isRenewalDue, isWebSubActive, WebSubState } from './websub-intent';

const now = new Date('2026-11-22T10:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const topic = 'https://blog.example/feed.xml';
const pending = (mode: WebSubState['pendingMode'], activeUntil: Date | null = null): WebSubState => ({
  topic,
  pendingMode: mode,
  leaseSeconds: 3600,
  activeUntil,
  requestedAt: now,
});
const query = (mode: string, extra: Record<string, string> = {}) => ({
  'hub.mode': mode,
  'hub.topic': topic,
  'hub.challenge': 'c-123',
  ...extra,
});

describe('answerVerification', () => {
  it('confirms the subscription we asked for with the hub lease', () => {
    expect(
      answerVerification(pending('subscribe'), query('subscribe', { 'hub.lease_seconds': '600' }), now),
    ).toEqual({ kind: 'confirm-subscribe', challenge: 'c-123', leaseSeconds: 600, activeUntil: later(600) });
  });

  it('keeps the requested lease when the hub gives none or nonsense', () => {
    for (const lease of [undefined, '-5', 'abc', '1.5'])
      expect(
        answerVerification(
          pending('subscribe'),
          query('subscribe', lease ? { 'hub.lease_seconds': lease } : {}),
          now,
        ),
      ).toMatchObject({ leaseSeconds: 3600 });
  });

  it('confirms an unsubscription we asked for', () => {
    expect(answerVerification(pending('unsubscribe'), query('unsubscribe'), now)).toEqual({
      kind: 'confirm-unsubscribe',
      challenge: 'c-123',
    });
  });

  it('records a denial of a pending subscription', () => {
    expect(
      answerVerification(pending('subscribe'), { 'hub.mode': 'denied', 'hub.topic': topic }, now),
    ).toEqual({
      kind: 'denied',
    });
  });

  it.each([
    ['an unknown callback', null, query('subscribe')],
    ['a wrong topic', pending('subscribe'), query('subscribe', { 'hub.topic': 'https://evil.example/' })],
    ['a mode we did not ask for', pending('subscribe'), query('unsubscribe')],
    ['nothing pending', pending(null, later(100)), query('subscribe')],
    ['no challenge', pending('subscribe'), { 'hub.mode': 'subscribe', 'hub.topic': topic }],
    ['an array topic', pending('subscribe'), { ...query('subscribe'), 'hub.topic': [topic] }],
    ['a huge challenge', pending('subscribe'), query('subscribe', { 'hub.challenge': 'x'.repeat(2000) })],
    ['a denial of nothing', pending(null), { 'hub.mode': 'denied', 'hub.topic': topic }],
  ])('refuses %s', (_name, state, input) => {
    expect(answerVerification(state, input, now)).toEqual({ kind: 'refuse' });
  });
});

describe('renewal', () => {
  it('is active only during the lease', () => {
    expect(isWebSubActive(pending(null, later(1)), now)).toBe(true);
    expect(isWebSubActive(pending(null, now), now)).toBe(false);
    expect(isWebSubActive(null, now)).toBe(false);
  });

  it('renews a tenth of the lease before it ends, at most a day before', () => {
    const state = { ...pending(null, later(60)), leaseSeconds: 60 };
    expect(isRenewalDue(state, later(53))).toBe(false);
    expect(isRenewalDue(state, later(54))).toBe(true);
    const long = { ...pending(null, later(30 * 86_400)), leaseSeconds: 30 * 86_400 };
    expect(isRenewalDue(long, later(28 * 86_400))).toBe(false);
    expect(isRenewalDue(long, later(29 * 86_400))).toBe(true);
  });

  it('retries an unanswered or lapsed request after an hour, never a pending unsubscription', () => {
    expect(isRenewalDue(pending('subscribe'), later(3599))).toBe(false);
    expect(isRenewalDue(pending('subscribe'), later(3600))).toBe(true);
    expect(isRenewalDue(pending(null), later(3600))).toBe(true);
    expect(isRenewalDue(pending('unsubscribe'), later(99_999))).toBe(false);
  });
});
