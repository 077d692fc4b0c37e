import { BlockList, isIP } from 'node:net';

/** Ranges a fetch must never reach unless private addresses are allowed: our own network and its neighbours. */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 can reach any IPv4, private ones included
  ['2001:db8::', 32],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address hidden in an IPv6 one (IPv4-mapped `::ffff:a.b.c.d` or IPv4-compatible `::a.b.c.d`). */
function embeddedIpv4(address: string): string | null {
  const match = /^::(?:ffff:(?:0:)?)?(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(
    address,
  );
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2], 16);
  const low = parseInt(match[3], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Refused even when FETCH_ALLOW_PRIVATE lets a home installation reach its own network: no feed lives on
 * a link-local address, and cloud metadata services hand out credentials there (169.254.169.254, and
 * AWS's IPv6 fd00:ec2::254).
 */
const alwaysForbidden = new BlockList();
alwaysForbidden.addSubnet('169.254.0.0', 16, 'ipv4');
alwaysForbidden.addSubnet('fe80::', 10, 'ipv6');
alwaysForbidden.addAddress('fd00:ec2::254', 'ipv6');

/**
 * True when a resolved or literal IP address may not be fetched (nor stored to be fetched later);
 * anything that is not an IP is refused. `allowPrivate` (FETCH_ALLOW_PRIVATE) lets loopback and
 * private networks through, never link-local ones.
 */
export function isForbiddenAddress(address: string, allowPrivate = false): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true;
  const ipv4 = family === 4 ? bare : embeddedIpv4(bare);
  const [checked, type] = ipv4 ? [ipv4, 'ipv4' as const] : [bare, 'ipv6' as const];
  if (alwaysForbidden.check(checked, type)) return true;
  return !allowPrivate && forbidden.check(checked, type);
}

/** The one refusal message, whoever meets the address: a fetch, or a URL about to be stored. */
export function refusedAddressMessage(host: string, addresses: readonly string[]): string {
  return `${host} is not a public address (${addresses.join(', ')}): Tidings does not fetch from loopback, link-local or private networks`;
}

/** Only http and https may be fetched. */
export function isAllowedScheme(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}
