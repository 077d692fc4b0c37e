/** A most-messages-per-interval limit for mail to one destination domain (`gmail.com:20/s`). */
export interface DomainRate {
  /** Lower case. */
  domain: string;
  messages: number;
  perMs: number;
}

const UNITS: Record<string, number> = { s: 1000, sec: 1000, min: 60_000, m: 60_000, h: 3_600_000 };
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * Parses `DOMAIN:N/UNIT,…` (units `s`, `min`, `h`), e.g. `gmail.com:20/s,yahoo.com:1000/min`.
 * Returns the limits or one message saying what is wrong.
 */
export function parseDomainRates(text: string): DomainRate[] | string {
  const rates: DomainRate[] = [];
  for (const item of text.split(',').map((part) => part.trim())) {
    const match = /^([^:\s]+):(\d{1,7})\/(s|sec|min|m|h)$/i.exec(item);
    if (!match)
      return `expected DOMAIN:N/s, DOMAIN:N/min or DOMAIN:N/h separated by commas (bad item "${item}")`;
    const domain = match[1].toLowerCase();
    if (!DOMAIN.test(domain)) return `"${match[1]}" is not a domain name`;
    if (rates.some((rate) => rate.domain === domain)) return `${domain} is listed twice`;
    const messages = Number(match[2]);
    if (messages < 1) return `the rate for ${domain} must be at least 1`;
    rates.push({ domain, messages, perMs: UNITS[match[3].toLowerCase()] });
  }
  return rates;
}
