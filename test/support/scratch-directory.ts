import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let directory: string | undefined;

/**
 * A working directory for the processes a spec file starts, outside the checkout: a developer's `.env`
 * and `./data` there must not leak into tests. One per spec file (each runs in its own module registry).
 */
export function scratchDirectory(): string {
  directory ??= mkdtempSync(join(tmpdir(), 'tidings-cwd-'));
  return directory;
}
