import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServerProcess } from '../support/server-process';
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
        database: { status: 'up', dialect: 'better-sqlite3', pendingMigrations: false },
      });
      expect(existsSync(join(database.url.replace(/^sqlite:/, '')))).toBe(true);
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
