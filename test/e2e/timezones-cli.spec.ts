import { runTidings } from '../support/cli';
import { createTestDatabase, TestDatabase } from '../support/test-database';

describe('tidings users add --timezone', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });

  afterAll(() => database.drop());

  it('stores the canonical spelling of any case or alias, and refuses an unknown zone', async () => {
    const env = { DATABASE_URL: database.url, SECRET_KEY: 'a test secret of sufficient length' };
    expect((await runTidings(['migrate'], env)).code).toBe(0);
    expect(
      (await runTidings(['users', 'add', 'kyiv@example.com', '--timezone', 'europe/kiev'], env)).code,
    ).toBe(0);
    const shown = JSON.parse((await runTidings(['users', 'show', 'kyiv@example.com', '--json'], env)).stdout);
    expect(shown.timezone).toBe('Europe/Kyiv');
    const refused = await runTidings(['users', 'add', 'mars@example.com', '--timezone', 'Mars/Olympus'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/expected an IANA timezone name/);
  });
});
