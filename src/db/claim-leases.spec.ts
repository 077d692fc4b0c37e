import { Clock } from '../common/clock';
import { loadConfig } from '../config/load-config';
import { ClaimLeases } from './claim-leases';

describe('ClaimLeases', () => {
  const now = new Date('2026-11-26T00:00:00Z');
  const clock = { now: () => now } as Clock;
  const leasesOf = (env: Record<string, string>) => new ClaimLeases(clock, loadConfig(env));

  afterEach(() => jest.useRealTimers());

  it('leases claims for CLAIM_LEASE_SECONDS, 15 s by default', () => {
    expect(leasesOf({}).leaseFrom(now)).toEqual(new Date('2026-11-26T00:00:15Z'));
    expect(leasesOf({ CLAIM_LEASE_SECONDS: '4' }).leaseFrom(now)).toEqual(new Date('2026-11-26T00:00:04Z'));
  });

  it('renews the claims in hand every third of the lease until it stops', async () => {
    jest.useFakeTimers();
    const leases = leasesOf({ CLAIM_LEASE_SECONDS: '6' });
    const renewals: Date[] = [];
    leases.register({
      name: 'test',
      renew: async (_owner, leaseUntil) => void renewals.push(leaseUntil),
      release: async () => undefined,
    });
    leases.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(1_999);
    expect(renewals).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(renewals).toEqual([new Date('2026-11-26T00:00:06Z')]);
    await jest.advanceTimersByTimeAsync(4_000);
    expect(renewals).toHaveLength(3);
    await leases.releaseAll();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(renewals).toHaveLength(3);
  });
});
