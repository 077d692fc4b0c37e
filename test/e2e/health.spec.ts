import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServerProcess } from '../support/server-process';
import { waitUntil } from '../support/wait-until';
import { createTestDatabase, TestDatabase } from '../support/test-database';

describe('the service on its zero-setup default', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });

  afterAll(() => database.drop());

  it('migrates a new SQLite database itself and answers GET /health with 200', async () => {
    const server = await startServerProcess({ DATABASE_URL: database.url });
    try {
      const response = await fetch(`${server.baseUrl}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        status: 'ok',
        role: 'all',
        database: { status: 'up', dialect: 'better-sqlite3', pendingMigrations: false },
        queue: { pings: 0 },
      });
      expect(existsSync(join(database.url.replace(/^sqlite:/, '')))).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('warns once per problem of its sender domain when started in production', async () => {
    const server = await startServerProcess({
      DATABASE_URL: database.url,
      NODE_ENV: 'production',
      SECRET_KEY: 'production-secret-key-0123456789',
      MAIL_FROM: 'news@tidings.example',
      PUBLIC_URL: 'http://tidings.example',
    });
    try {
      await waitUntil(() => server.output().includes('PUBLIC_URL is not https'), 'the last warning');
      const warnings = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":40'))
        .map((line) => JSON.parse(line).msg as string);
      expect(warnings).toEqual([
        expect.stringMatching(/^no DKIM key for MAIL_FROM's domain "tidings\.example"/),
        expect.stringMatching(/^PUBLIC_URL is not https/),
      ]);
    } finally {
      await server.stop();
    }
  });

  it('refuses to start on a bad setting, naming it', async () => {
    await expect(
      startServerProcess({ DATABASE_URL: database.url, FETCH_PER_HOST: 'many' }, 10_000),
    ).rejects.toThrow(/FETCH_PER_HOST: .*\(got "many"\)/);
  });
});
