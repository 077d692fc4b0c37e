import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Who may read /metrics: with a token set, whoever sends `Authorization: Bearer TOKEN` (compared in
 * constant time); without one, only clients on the loopback interface.
 */
export function mayReadMetrics(
  request: { authorization: string | undefined; remoteAddress: string | undefined },
  token: string | undefined,
): boolean {
  if (!token) return isLoopback(request.remoteAddress);
  const presented = /^Bearer (.+)$/i.exec(request.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token));
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return ipv4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
