import { isIP } from 'node:net';
import type { buildConnector } from 'undici';
import { isForbiddenAddress, refusedAddressMessage } from './domain/address-policy';
import { DnsResolver } from './dns-resolver';
import { FetchError } from './fetch-error';

/**
 * An undici connector that resolves the host itself and connects to a checked address: the check and the
 * connection use the same address, so DNS rebinding cannot slip a private one in between. Literal hosts
 * arrive normalised by the WHATWG URL parser (`2130706433` and `0x7f.1` are 127.0.0.1 by then).
 */
export function guardedConnector(
  resolver: DnsResolver,
  options: { allowPrivate: boolean; connectTimeoutMs: number },
): buildConnector.connector {
  const connect = (require('undici') as typeof import('undici')).buildConnector({
    timeout: options.connectTimeoutMs,
  });
  return (connectOptions, callback) => {
    const hostname = connectOptions.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(hostname) ? Promise.resolve([hostname]) : resolver.resolve(hostname);
    addresses.then(
      (resolved) => {
        const refused = resolved.filter((address) => isForbiddenAddress(address, options.allowPrivate));
        if (resolved.length === 0 || refused.length) {
          const message = refused.length
            ? refusedAddressMessage(hostname, refused)
            : `${hostname} resolves to no address`;
          callback(new FetchError('blocked', message), null);
          return;
        }
        connect({ ...connectOptions, hostname: resolved[0] }, callback);
      },
      (error: Error) => callback(new FetchError('network', `${hostname}: ${error.message}`), null),
    );
  };
}
