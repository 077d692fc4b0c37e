import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTidings } from '../support/cli';

/** `.env` in the working directory, as `.env.example` tells a new user to make it. */
describe('.env in the working directory', () => {
  const installWith = (envFile: string) => {
    const install = mkdtempSync(join(tmpdir(), 'tidings-dotenv-'));
    writeFileSync(join(install, '.env'), envFile);
    return install;
  };

  it('is read at start, under the real environment', async () => {
    const install = installWith('# mine\nDATABASE_URL=sqlite:./from-env-file/tidings.db\nSECRET_KEY=\n');
    const fromFile = await runTidings(['migrate'], {}, install);
    expect(fromFile).toMatchObject({ code: 0, stderr: '' });
    expect(fromFile.stdout).toMatch(/^applied \d+ migrations to sqlite:\.\/from-env-file\/tidings\.db/);
    expect(existsSync(join(install, 'from-env-file', 'tidings.db'))).toBe(true);
    expect(existsSync(join(install, 'from-env-file', 'secret-key'))).toBe(true);

    const overridden = await runTidings(['migrate'], { DATABASE_URL: 'sqlite:./real/tidings.db' }, install);
    expect(overridden.stdout).toMatch(/^applied \d+ migrations to sqlite:\.\/real\/tidings\.db/);
  });

  it('stops a command with a clear message naming the line when malformed', async () => {
    const install = installWith('PORT=3000\nSECRET_KEY hunter2-hunter2-hunter2\n');
    const result = await runTidings(['feeds', 'list'], {}, install);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: Invalid configuration:\n {2}- \.env: line 2: expected NAME=value/);
    expect(result.stderr).not.toContain('hunter2');
  });
});
