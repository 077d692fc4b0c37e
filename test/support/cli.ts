import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { scratchDirectory } from './scratch-directory';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const bin = join(__dirname, '..', '..', 'bin', 'tidings.js');

/**
 * Runs the built `tidings` command as a user would, in its own process; in `cwd` (where it reads `.env`
 * and, for MySQL, keeps `data/secret-key`), by default a scratch directory shared by the spec file;
 * `input`, when given, is its standard input.
 */
export function runTidings(
  args: string[],
  env: Record<string, string>,
  cwd: string = scratchDirectory(),
  input?: string,
): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      {
        cwd,
        env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', FETCH_ALLOW_PRIVATE: 'true', ...env },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    // What a user pipes in (`printf %s "$PASSWORD" | tidings …`).
    if (input !== undefined) child.stdin?.end(input);
  });
}
