import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../support/server-process';
import { waitUntil } from '../support/wait-until';

describe('serve while the database is unreachable', () => {
  it('says why on one line per try, tries again longer and longer apart, and does not exit', async () => {
    const child = spawn(process.execPath, [join(__dirname, '..', '..', 'bin', 'tidings.js'), 'serve'], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: 'mysql://root@127.0.0.1:1/nothing',
        SECRET_KEY: 'a-secret-key-for-this-spec',
        PORT: String(await freePort()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    try {
      await waitUntil(() => stderr.split('\n').length > 3, 'three tries', 60_000);
      expect(child.exitCode).toBeNull();
      const lines = stderr.trim().split('\n').slice(0, 3);
      expect(lines).toEqual(
        [1, 2, 4].map((seconds) =>
          expect.stringMatching(
            new RegExp(
              `^warning: cannot open the database mysql://root@127.0.0.1:1/nothing: .*ECONNREFUSED.*; trying again in ${seconds} s$`,
            ),
          ),
        ),
      );
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  });
});
