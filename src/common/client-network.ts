import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key under which a client's requests are counted: an IPv4 address as it is (also when it reaches a
 * dual-stack socket as `::ffff:192.0.2.1`), an IPv6 address by its /64 (`2001:db8:0:1::/64`), since one
 * subscriber line or host is given a whole /64 and can send from any of its addresses. Anything else
 * (no address known) is its own key.
 */
export function clientNetwork(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase();
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return address;
  const groups = expandIPv6(plain);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 read). */
function expandIPv6(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  if (tail === null) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
