import { join } from 'node:path';
import { Ipv6Neighbours, postFormFrom } from '../../support/ipv6-neighbours';
import { TestRedisServer } from '../../support/redis-server';
import { ScaleFixture } from '../../support/scale-fixture';
import { ServerProcess } from '../../support/server-process';
import { queryDatabase } from '../../support/test-database';
import { WebClient } from '../../support/web-app';

const SIGN_IN_EMAILS = "SELECT COUNT(*) AS count FROM outbox_emails WHERE kind = 'sign-in'";

/**
 * The limits per client address count an IPv6 client by its /64: 25 sign-in requests from 25 addresses
 * of one /64, one address each, get 20 links and then 429, and pings from 15 of them are 10 accepted
 * (PING_RATE_PER_MINUTE) then 429, against one web process (its memory) and against two sharing Redis;
 * the next /64 and IPv4 clients keep their own counts.
 */
describe.each([
  ['one web process', 1],
  ['two web processes sharing Redis', 2],
])('rate limits for one IPv6 /64: %s', (_, processes) => {
  let fixture: ScaleFixture;
  let webs: ServerProcess[];
  const redis = new TestRedisServer();
  const neighbours = new Ipv6Neighbours(25);

  beforeAll(async () => {
    await neighbours.add();
    if (processes === 2) await redis.start();
    fixture = await new ScaleFixture(1, 0).start('sqlite');
    const env: Record<string, string> = {
      PING_RATE_PER_MINUTE: '10',
      ...(processes === 2 ? { REDIS_URL: redis.url } : {}),
    };
    webs = [];
    for (let index = 1; index <= processes; index++)
      webs.push(await fixture.startProcess(`web-${index}`, env, ['--role', 'web']));
  });
  afterAll(async () => {
    await fixture?.stop();
    if (processes === 2) await redis.stop();
    await neighbours.remove();
  });

  it('answers 429 from the 21st address on, and sends 20 links', async () => {
    const browser = new WebClient(webs[0].baseUrl, join(fixture.directory, 'outbox'));
    await browser.get('/signin');
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const ask = (from: string, index: number, email: string) =>
      postFormFrom(
        from,
        Number(new URL(webs[index % webs.length].baseUrl).port),
        '/signin',
        {
          _csrf: browser.csrf,
          email,
          timezone: 'UTC',
        },
        cookie,
      );

    const statuses: number[] = [];
    for (const [index, address] of neighbours.addresses.entries())
      statuses.push(await ask(address, index, `neighbour${index}@example.com`));
    expect(statuses).toEqual([...Array<number>(20).fill(200), ...Array<number>(5).fill(429)]);

    // The next /64 and an IPv4 client count apart.
    expect(await ask(neighbours.neighbour, 1, 'next-network@example.com')).toBe(200);
    expect((await browser.post('/signin', { email: 'ipv4@example.com', timezone: 'UTC' })).status).toBe(200);
    const [{ count }] = await queryDatabase<{ count: number | string }>(fixture.database, SIGN_IN_EMAILS);
    expect(Number(count)).toBe(22);

    if (processes === 2) {
      const keys = await redis.command('--scan', '--pattern', 'tidings:sign-in-ip*');
      expect(keys.filter((key) => key.includes(neighbours.prefix))).toEqual([
        `tidings:sign-in-ip:${neighbours.prefix}::/64`,
      ]);
    }
  });

  it('counts pings from one /64 as one source: PING_RATE_PER_MINUTE in all', async () => {
    const feed = encodeURIComponent(fixture.server.url(fixture.paths()[0]));
    const statuses: number[] = [];
    for (const [index, address] of neighbours.addresses.slice(0, 15).entries()) {
      const port = Number(new URL(webs[index % webs.length].baseUrl).port);
      statuses.push(await postFormFrom(address, port, `/ping?url=${feed}`, {}, ''));
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), ...Array<number>(5).fill(429)]);
    const port = Number(new URL(webs[0].baseUrl).port);
    expect(await postFormFrom(neighbours.neighbour, port, `/ping?url=${feed}`, {}, '')).toBe(200);
  });
});
