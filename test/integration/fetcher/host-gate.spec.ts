import { Clock } from '../../../src/common/clock';
import { loadConfig } from '../../../src/config/load-config';
import { HostGate } from '../../../src/fetcher/host-gate';
import { RedisConnection } from '../../../src/redis/redis-connection';
import { TestRedisServer } from '../../support/redis-server';
import { waitUntil } from '../../support/wait-until';

describe('the per-host gate shared through Redis', () => {
  const redis = new TestRedisServer();
  let connections: RedisConnection[] = [];

  beforeAll(() => redis.start());
  afterAll(() => redis.stop());
  afterEach(() => {
    connections.forEach((connection) => connection.client?.disconnect());
    connections = [];
  });

  /** A gate of its own (as in another worker process), on the test's Redis, once connected. */
  const gate = async (env: Record<string, string>, clock = new Clock()) => {
    const connection = new RedisConnection(redis.url);
    connections.push(connection);
    // Commands fail at once until the connection is up (no offline queue): the gate would let all pass.
    await waitUntil(() => connection.client!.status === 'ready', 'connected to Redis');
    return new HostGate(connection, loadConfig({ REDIS_URL: redis.url, ...env }), clock);
  };

  it('gives a host one request at a time across workers, and its slot back once the request ended', async () => {
    const [first, second] = [
      await gate({ FETCH_PER_HOST: '1', FETCH_HOST_GAP_MS: '0' }),
      await gate({ FETCH_PER_HOST: '1', FETCH_HOST_GAP_MS: '0' }),
    ];
    const turn = await first.take('one.example');
    expect(turn.kind).toBe('go');
    expect(await second.take('one.example')).toMatchObject({ kind: 'busy' });
    if (turn.kind === 'go') turn.done();
    // No other turn of the first worker carries the slot back: it goes back by itself, soon.
    await waitUntil(
      async () => (await redis.command('zcard', 'tidings:host:one.example:slots'))[0] === '0',
      'the slot given back',
    );
    expect((await second.take('one.example')).kind).toBe('go');
  });

  it('carries ended requests’ slots back with the next turn it takes', async () => {
    const worker = await gate({ FETCH_PER_HOST: '1', FETCH_HOST_GAP_MS: '0' });
    const turn = await worker.take('two.example');
    if (turn.kind === 'go') turn.done();
    // At once, before the slot's own timer: the same host's next turn finds it free.
    expect((await worker.take('two.example')).kind).toBe('go');
  });

  it('answers the turns asked for at once in their order, per host', async () => {
    const worker = await gate({ FETCH_PER_HOST: '1', FETCH_HOST_GAP_MS: '0' });
    const turns = await Promise.all(
      ['five.example', 'five.example', 'six.example'].map((host) => worker.take(host)),
    );
    expect(turns.map((turn) => turn.kind)).toEqual(['go', 'busy', 'go']);
    expect(await redis.command('zcard', 'tidings:host:five.example:slots')).toEqual(['1']);
  });

  it('tells a worker how long to wait for the gap another worker started', async () => {
    const [first, second] = [
      await gate({ FETCH_HOST_GAP_MS: '5000' }),
      await gate({ FETCH_HOST_GAP_MS: '5000' }),
    ];
    expect((await first.take('three.example')).kind).toBe('go');
    const answer = await second.take('three.example');
    expect(answer.kind).toBe('busy');
    if (answer.kind === 'busy') {
      expect(answer.retryInMs).toBeGreaterThan(3000);
      // The gap, and the 2 ms that keep whole-millisecond clocks from cutting it short.
      expect(answer.retryInMs).toBeLessThanOrEqual(5002);
    }
  });

  it('runs a host’s gap from when its request left, so a late request moves the next turn later', async () => {
    const [late, other] = [
      await gate({ FETCH_HOST_GAP_MS: '1000' }),
      await gate({ FETCH_HOST_GAP_MS: '1000' }),
    ];
    const turn = await late.take('seven.example');
    if (turn.kind !== 'go') throw new Error(`no turn: ${JSON.stringify(turn)}`);
    // The request leaves 300 ms after its turn (a busy event loop); its start reaches Redis by itself.
    await new Promise((resolve) => setTimeout(resolve, 300));
    turn.started();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = await other.take('seven.example');
    expect(answer.kind).toBe('busy');
    // From the turn, about 650 ms would be left; from the request's start, about 950.
    if (answer.kind === 'busy') expect(answer.retryInMs).toBeGreaterThan(900);
    turn.done();
  });

  it('does not use a turn that took longer than a quarter of the gap to reach the worker', async () => {
    /** Each look at the clock is 400 ms later: the turn seems to have taken that long to come back. */
    class SlowLoop extends Clock {
      private instant = Date.parse('2026-11-27T10:00:00Z');
      override now(): Date {
        this.instant += 400;
        return new Date(this.instant);
      }
    }
    const slow = await gate({ FETCH_HOST_GAP_MS: '1000' }, new SlowLoop());
    expect(await slow.take('four.example')).toEqual({ kind: 'busy', retryInMs: 1000 });
    // It gave its slot back: only the gap its unused turn started keeps the host waiting.
    await waitUntil(
      async () => (await redis.command('zcard', 'tidings:host:four.example:slots'))[0] === '0',
      'the unused slot given back',
    );
  });
});
