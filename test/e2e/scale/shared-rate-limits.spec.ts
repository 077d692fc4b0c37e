import { ScaleFixture } from '../../support/scale-fixture';
import { TestRedisServer } from '../../support/redis-server';
import { waitUntil } from '../../support/wait-until';

describe('ping rate limits shared through Redis by two web nodes', () => {
  let fixture: ScaleFixture;
  const redis = new TestRedisServer();

  beforeAll(async () => {
    await redis.start();
    fixture = await new ScaleFixture(1, 0).start('sqlite');
  });
  afterAll(async () => {
    await fixture.stop();
    await redis.stop();
  });

  it('counts one source across both nodes: PING_RATE_PER_MINUTE in all, not per node', async () => {
    const env = { REDIS_URL: redis.url, PING_RATE_PER_MINUTE: '10' };
    const webs = await Promise.all([
      fixture.startProcess('web-1', env, ['--role', 'web']),
      fixture.startProcess('web-2', env, ['--role', 'web']),
    ]);
    const url = encodeURIComponent(fixture.server.url(fixture.paths()[0]));
    const statuses: number[] = [];
    for (let index = 0; index < 20; index++)
      statuses.push((await fetch(`${webs[index % 2].baseUrl}/ping?url=${url}`, { method: 'POST' })).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    await waitUntil(
      async () => (await redis.command('--scan', '--pattern', 'tidings:ping-rate*')).length > 0,
      'the shared count in Redis',
    );
  });
});
