import { Inject, Injectable, Logger } from '@nestjs/common';
import { RandomNumbers } from '../common/random-numbers';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { afterFailure, afterSuccess, DomainState, FRESH_DOMAIN } from './domain/domain-backoff';
import { RateSpacing } from './domain/rate-spacing';
import { DomainSignal } from './domain/retry-policy';

export interface DomainHold {
  domain: string;
  until: Date;
  reason: string;
}

/**
 * When each email may go, per destination domain, for every flush of this process: the global rate
 * (SMTP_RATE_PER_SECOND), each domain's own (SMTP_DOMAIN_RATES), and the holds that deferrals and
 * 421s put on a domain (see `domain-backoff.ts`). A throttled or held domain never delays the others.
 */
@Injectable()
export class DeliveryPacer {
  private readonly logger = new Logger(DeliveryPacer.name);
  private readonly domains = new Map<string, DomainState>();
  private readonly global: RateSpacing | null;
  private readonly rates: Map<string, { spacing: RateSpacing; label: string }>;

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly random: RandomNumbers,
  ) {
    this.global = config.SMTP_RATE_PER_SECOND ? new RateSpacing(config.SMTP_RATE_PER_SECOND, 1000) : null;
    this.rates = new Map(
      config.SMTP_DOMAIN_RATES.map((rate) => [
        rate.domain,
        {
          spacing: new RateSpacing(rate.messages, rate.perMs),
          label: `${rate.messages}/${unit(rate.perMs)}`,
        },
      ]),
    );
  }

  /** The hold on this domain now, if any. */
  holdOf(domain: string, now: Date): DomainHold | null {
    const state = this.domains.get(domain);
    if (!state || state.heldUntil <= now.getTime()) return null;
    return { domain, until: new Date(state.heldUntil), reason: this.holdReason(domain, state) };
  }

  /** The earliest instant a send to this domain may start under the rates. */
  startAt(domain: string, now: Date): Date {
    const at = now.getTime();
    const domainAt = this.rates.get(domain)?.spacing.startAt(at) ?? at;
    return new Date(Math.max(domainAt, this.global?.startAt(at) ?? at));
  }

  /** Records a send to this domain starting now (call when `startAt` has come). */
  start(domain: string, now: Date): void {
    this.rates.get(domain)?.spacing.take(now.getTime());
    this.global?.take(now.getTime());
  }

  /** How far apart sends to this domain are, and why (for the row's reason), when a rate applies. */
  throttle(domain: string): { intervalMs: number; reason: string } {
    const rate = this.rates.get(domain);
    const global = this.global
      ? { intervalMs: this.global.intervalMs, reason: 'SMTP_RATE_PER_SECOND' }
      : null;
    if (!rate) return global ?? { intervalMs: 0, reason: 'no rate' };
    const own = { intervalMs: rate.spacing.intervalMs, reason: `${domain} at most ${rate.label}` };
    return global && global.intervalMs > own.intervalMs ? global : own;
  }

  succeeded(domain: string): void {
    const state = this.domains.get(domain);
    if (state) this.domains.set(domain, afterSuccess(state));
  }

  /** Records a failed attempt; returns the hold it starts, if it starts one. */
  failed(domain: string, signal: DomainSignal, response: string | undefined, now: Date): DomainHold | null {
    const before = this.domains.get(domain) ?? FRESH_DOMAIN;
    const after = afterFailure(before, signal, response, now.getTime(), this.random.next());
    this.domains.set(domain, after);
    if (after.heldUntil === before.heldUntil) return null;
    const hold = { domain, until: new Date(after.heldUntil), reason: this.holdReason(domain, after) };
    this.logger.warn(`mail to ${domain} held until ${hold.until.toISOString()}: ${after.holdReason}`);
    return hold;
  }

  /** Every domain held now, for operators. */
  holds(now: Date): DomainHold[] {
    return [...this.domains.keys()].flatMap((domain) => this.holdOf(domain, now) ?? []);
  }

  private holdReason(domain: string, state: DomainState): string {
    return `${domain} held until ${new Date(state.heldUntil).toISOString()}: ${state.holdReason}`;
  }
}

function unit(perMs: number): string {
  return perMs === 1000 ? 's' : perMs === 60_000 ? 'min' : 'h';
}
