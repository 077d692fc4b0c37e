import { parseDomainRates } from './domain-rates';

describe('parseDomainRates', () => {
  it('reads per-second, per-minute and per-hour limits, domains lower-cased', () => {
    expect(parseDomainRates('gmail.com:20/s, Yahoo.com:1000/min,mail.example.co.uk:50/h')).toEqual([
      { domain: 'gmail.com', messages: 20, perMs: 1000 },
      { domain: 'yahoo.com', messages: 1000, perMs: 60_000 },
      { domain: 'mail.example.co.uk', messages: 50, perMs: 3_600_000 },
    ]);
  });

  it.each([
    ['gmail.com', /expected DOMAIN:N\/s/],
    ['gmail.com:20', /bad item "gmail.com:20"/],
    ['gmail.com:fast/s', /bad item/],
    ['gmail.com:20/day', /bad item/],
    ['gmail.com:0/s', /at least 1/],
    ['gmail.com:-1/s', /bad item/],
    ['localhost:5/s', /"localhost" is not a domain name/],
    ['exa mple.com:5/s', /bad item/],
    ['gmail.com:5/s,GMAIL.com:9/s', /gmail.com is listed twice/],
    ['gmail.com:5/s,', /bad item ""/],
  ])('refuses %j', (text, message) => {
    expect(parseDomainRates(text)).toMatch(message);
  });
});
