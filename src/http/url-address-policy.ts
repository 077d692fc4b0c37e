import { Inject, Injectable } from '@nestjs/common';
import { isIP } from 'node:net';
import { ValidationError } from '../common/errors';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { isAllowedScheme, isForbiddenAddress, refusedAddressMessage } from './domain/address-policy';
import { DnsResolver } from './dns-resolver';

/** A URL that may not be stored, because its host is (or resolves to) an address Tidings does not fetch. */
export class RefusedAddressError extends ValidationError {}

/** A name that does not resolve within this time is stored; the fetch checks it again when it connects. */
const LOOKUP_TIMEOUT_MS = 5000;

/**
 * The address policy for every URL Tidings stores to fetch later (a subscription's feed, a WebSub hub,
 * an rssCloud server, a moved feed's new address): the same rule and the same message as the guarded
 * connector of `SafeHttpClient`, applied once before the URL is written. A literal host arrives
 * normalised by the WHATWG URL parser (decimal, octal and hex spellings, IPv4-mapped IPv6); a name is
 * resolved and refused when any of its addresses is. A name that does not resolve now is let through:
 * the connector refuses it at fetch time if it later resolves to such an address (DNS rebinding too).
 */
@Injectable()
export class UrlAddressPolicy {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly resolver: DnsResolver,
  ) {}

  /** Throws RefusedAddressError with the reason when the URL may not be stored. */
  async assertStorable(url: string): Promise<void> {
    const refusal = await this.refusalOf(url);
    if (refusal) throw new RefusedAddressError(refusal);
  }

  /** Why the URL may not be stored, or null when it may. */
  async refusalOf(url: string): Promise<string | null> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `"${url.slice(0, 200)}" is not a URL (expected http:// or https://)`;
    }
    if (!isAllowedScheme(parsed)) return `"${url.slice(0, 200)}" is not an http(s) URL`;
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : await this.resolve(host);
    const refused = addresses.filter((address) =>
      isForbiddenAddress(address, this.config.FETCH_ALLOW_PRIVATE),
    );
    return refused.length ? refusedAddressMessage(host, refused) : null;
  }

  private async resolve(host: string): Promise<readonly string[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string[]>((resolve) => {
      timer = setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.resolver.resolve(host).catch(() => []), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
