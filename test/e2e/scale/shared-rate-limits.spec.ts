import { join } from 'node:path';
import { ScaleFixture } from '../../support/scale-fixture';
import { ServerProcess } from '../../support/server-process';
import { TestRedisServer } from '../../support/redis-server';
import { WebClient } from '../../support/web-app';
import { waitUntil } from '../../support/wait-until';

const FALLBACK_LINE = /Redis unreachable .*: sign-in limits held by this process alone/g;

describe('rate limits shared through Redis by two web nodes', () => {
  let fixture: ScaleFixture;
  let webs: ServerProcess[];
  let browsers: WebClient[];
  const redis = new TestRedisServer();

  beforeAll(async () => {
    await redis.start();
    fixture = await new ScaleFixture(1, 0).start('sqlite');
    const env = { REDIS_URL: redis.url, PING_RATE_PER_MINUTE: '10' };
    webs = await Promise.all([
      fixture.startProcess('web-1', env, ['--role', 'web']),
      fixture.startProcess('web-2', env, ['--role', 'web']),
    ]);
    browsers = webs.map((web) => new WebClient(web.baseUrl, join(fixture.directory, 'outbox')));
    for (const browser of browsers) await browser.get('/signin');
  });
  afterAll(async () => {
    await fixture.stop();
    await redis.stop();
  });

  /** Asks for a sign-in link on web-1, web-2, web-1, … and returns the statuses. */
  const askAlternately = async (emails: string[]) => {
    const statuses: number[] = [];
    for (const [index, email] of emails.entries())
      statuses.push((await browsers[index % 2].post('/signin', { email, timezone: 'UTC' })).status);
    return statuses;
  };
  const count = (statuses: number[], status: number) => statuses.filter((value) => value === status).length;

  it('counts one ping source across both nodes: PING_RATE_PER_MINUTE in all, not per node', async () => {
    const url = encodeURIComponent(fixture.server.url(fixture.paths()[0]));
    const statuses: number[] = [];
    for (let index = 0; index < 20; index++)
      statuses.push((await fetch(`${webs[index % 2].baseUrl}/ping?url=${url}`, { method: 'POST' })).status);
    expect(count(statuses, 200)).toBe(10);
    expect(count(statuses, 429)).toBe(10);
    await waitUntil(
      async () => (await redis.command('--scan', '--pattern', 'tidings:ping-rate*')).length > 0,
      'the shared count in Redis',
    );
  });

  it('counts sign-in links per address (5) and per IP (20) across both nodes, no address kept in Redis', async () => {
    const perAddress = await askAlternately(Array.from({ length: 8 }, () => 'busy@example.com'));
    expect(perAddress).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // Eight asked from this IP so far: twelve more addresses get a link, whichever node they ask.
    const perIp = await askAlternately(Array.from({ length: 16 }, (_, index) => `other${index}@example.com`));
    expect(perIp).toEqual([...Array<number>(12).fill(200), 429, 429, 429, 429]);
    const keys = await redis.command('--scan', '--pattern', 'tidings:sign-in-*');
    expect(keys.some((key) => key.startsWith('tidings:sign-in-address'))).toBe(true);
    expect(keys.some((key) => key.startsWith('tidings:sign-in-ip'))).toBe(true);
    expect(keys.filter((key) => key.includes('@'))).toEqual([]);
  });

  it('while Redis is away, each node holds its own count with one warning line, then shares again', async () => {
    await redis.stop();
    const statuses = await askAlternately(Array.from({ length: 14 }, () => 'during@example.com'));
    // Five on each node, then each node refuses on its own count.
    expect(count(statuses, 200)).toBe(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    for (const web of webs) {
      expect(web.output().match(FALLBACK_LINE)).toHaveLength(1);
      const health = await (await fetch(`${web.baseUrl}/health`)).json();
      expect(health).toMatchObject({ status: 'ok', redis: { status: 'down' } });
    }

    await redis.start();
    let asked = 0;
    await waitUntil(async () => {
      await browsers[0].post('/signin', { email: `after${asked++}@example.com`, timezone: 'UTC' });
      return (await redis.command('--scan', '--pattern', 'tidings:sign-in-ip*')).length > 0;
    }, 'the count back in Redis');
    expect(await askAlternately(Array.from({ length: 6 }, () => 'after@example.com'))).toEqual([
      200, 200, 200, 200, 200, 429,
    ]);
  });
});
