import { startServerProcess, ServerProcess } from '../support/server-process';
import { createTestDatabase, TestDatabase } from '../support/test-database';

describe('push endpoints of the built service', () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startServerProcess({ DATABASE_URL: database.url });
  });

  afterAll(async () => {
    await server.stop();
    await database.drop();
  });

  it('thanks an XML-RPC ping and a plain ping for an untracked URL', async () => {
    const call =
      '<?xml version="1.0"?><methodCall><methodName>weblogUpdates.ping</methodName><params>' +
      '<param><value>Blog</value></param><param><value>https://nobody.example/</value></param></params></methodCall>';
    const rpc = await fetch(`${server.baseUrl}/RPC2`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: call,
    });
    expect(await rpc.text()).toContain('<name>flerror</name><value><boolean>0</boolean>');
    const plain = await fetch(`${server.baseUrl}/ping?url=https%3A%2F%2Fnobody.example%2F`, {
      method: 'POST',
    });
    expect(plain.status).toBe(200);
  });

  it('answers malformed XML-RPC with a fault and keeps serving', async () => {
    const rpc = await fetch(`${server.baseUrl}/RPC2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"methodCall": true}',
    });
    expect(await rpc.text()).toMatch(/<fault>.*faultCode/s);
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
  });
});
