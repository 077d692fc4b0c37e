import { execFile } from 'node:child_process';
import { join } from 'node:path';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const bin = join(__dirname, '..', '..', 'bin', 'tidings.js');

/** Runs the built `tidings` command as a user would, in its own process (in `cwd`: relative paths there). */
export function runTidings(args: string[], env: Record<string, string>, cwd?: string): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      {
        env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', FETCH_ALLOW_PRIVATE: 'true', ...env },
        timeout: 60_000,
        cwd,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
