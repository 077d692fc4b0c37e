/** URL decisions for email: absolute, http(s) or mailto only, never script or inline data. */

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The absolute form of `raw` against `base`, or undefined when it is unsafe or unusable in an email.
 * The scheme is judged on the WHATWG-parsed URL, which strips tabs and newlines exactly as browsers do,
 * so `jav\tascript:` and `  JavaScript:` are recognised for what they are.
 */
export function resolveSafeUrl(raw: string, base: string): string | undefined {
  if (raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return undefined;
  }
  return SAFE_PROTOCOLS.has(url.protocol) ? url.href : undefined;
}

interface SrcsetCandidate {
  url: string;
  width: number;
}

const PREFERRED_IMAGE_WIDTH = 1200;

/**
 * One good image from a `srcset`: the widest candidate up to twice the email column (sharp on retina,
 * not wasteful), else the narrowest one above it. Density descriptors count as multiples of 600px.
 */
export function pickFromSrcset(srcset: string, base: string): string | undefined {
  const candidates: SrcsetCandidate[] = [];
  for (const part of srcset.split(/,\s+|,(?=\S+\s+\d)/)) {
    const [rawUrl, descriptor = '1x'] = part.trim().split(/\s+/);
    const url = rawUrl ? resolveSafeUrl(rawUrl, base) : undefined;
    if (!url) continue;
    const value = parseFloat(descriptor);
    const width = descriptor.endsWith('w') ? value : (Number.isFinite(value) ? value : 1) * 600;
    candidates.push({ url, width: Number.isFinite(width) ? width : 600 });
  }
  const fitting = candidates.filter((candidate) => candidate.width <= PREFERRED_IMAGE_WIDTH);
  const pool = fitting.length > 0 ? fitting : candidates;
  const pick = fitting.length > 0 ? Math.max : Math.min;
  const target = pick(...pool.map((candidate) => candidate.width));
  return pool.find((candidate) => candidate.width === target)?.url;
}
