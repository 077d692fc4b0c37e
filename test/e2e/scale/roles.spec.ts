import { runTidings } from '../../support/cli';
import { ScaleFixture, workerOf } from '../../support/scale-fixture';
import { waitUntil } from '../../support/wait-until';

describe('serve --role', () => {
  let fixture: ScaleFixture;

  beforeAll(async () => {
    fixture = await new ScaleFixture(1, 0).start('sqlite');
  });

  afterAll(async () => {
    await fixture.stop();
  });

  it('splits the work: web answers HTTP and polls nothing, a worker polls and answers only /health', async () => {
    const env = { POLL_INTERVAL_SECONDS: '1', PING_COALESCE_SECONDS: '1' };
    const web = await fixture.startProcess('web-1', env, ['--role', 'web']);
    const worker = await fixture.startProcess('worker-1', env, ['--role', 'worker']);

    const webHealth = await (await fetch(`${web.baseUrl}/health`)).json();
    expect(webHealth).toMatchObject({ status: 'ok', role: 'web', database: { status: 'up' } });
    expect(webHealth.queue).toEqual({ pings: 0 });
    expect((await fetch(`${web.baseUrl}/signin`)).status).toBe(200);
    const workerHealth = await (await fetch(`${worker.baseUrl}/health`)).json();
    expect(workerHealth).toMatchObject({ status: 'ok', role: 'worker', database: { status: 'up' } });
    expect((await fetch(`${worker.baseUrl}/signin`)).status).toBe(404);
    expect((await fetch(`${worker.baseUrl}/ping?url=x`, { method: 'POST' })).status).toBe(404);

    await waitUntil(() => fixture.server.requests.length === 1, 'the first poll');
    // A ping reaching the web node is polled by the worker.
    const feedUrl = fixture.server.url(fixture.paths()[0]);
    const ping = await fetch(`${web.baseUrl}/ping?url=${encodeURIComponent(feedUrl)}`, { method: 'POST' });
    expect(ping.status).toBe(200);
    await waitUntil(() => fixture.server.requests.length === 2, 'the pinged feed polled again');
    expect(fixture.server.requests.map(workerOf)).toEqual(['worker-1', 'worker-1']);
  });

  it('refuses an unknown role with one clear line', async () => {
    const result = await runTidings(['serve', '--role', 'everything'], fixture.env());
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('--role must be one of web, worker, all, not everything');
  });
});
