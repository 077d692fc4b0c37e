import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, lstatSync, readlinkSync, realpathSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { createPrivateFile } from '../config/private-files';
import { SQLITE_BUSY_TIMEOUT_MS } from './data-source-options';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
}

/** Pages one step of the backup may copy: all of them, so that a writer cannot make it start over. */
const ALL_PAGES = 0x7fffffff;

/**
 * A consistent copy of the SQLite database at `databasePath` in the new file `target`, while other
 * processes (`serve`) go on writing: SQLite's online backup API copies every page in one step, inside
 * one read transaction (WAL lets writers go on meanwhile). The copy is written beside the target under
 * a temporary name, switched to a plain rollback journal (one self-contained file), checked, and only
 * then linked into place, which fails rather than overwrite a file that appeared meanwhile.
 */
export async function backupSqlite(databasePath: string, target: string): Promise<BackupResult> {
  const file = resolve(target);
  if (!existsSync(databasePath)) throw new BackupError(`the database ${databasePath} does not exist`);
  if (existsSync(file)) throw new BackupError(`${target} exists already: name a new file`);
  if (lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink())
    throw new BackupError(
      `${target} is a symbolic link to ${readlinkSync(file)}, which does not exist: name a new file`,
    );
  const directory = dirname(file);
  if (!existsSync(directory) || !statSync(directory).isDirectory())
    throw new BackupError(`the directory ${directory} does not exist`);
  const database = realpathSync(databasePath);
  if (
    [database, `${database}-wal`, `${database}-shm`, `${database}-journal`].includes(
      join(realpathSync(directory), basename(file)),
    )
  )
    throw new BackupError(`${target} is the database itself: name another file`);

  const partial = join(directory, `.${basename(file)}.partial-${randomBytes(6).toString('hex')}`);
  const source = new Database(databasePath, { fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
  try {
    // Made 0600 before SQLite writes to it (its -journal takes the same mode), whatever the umask.
    createPrivateFile(partial);
    const progress = await source.backup(partial, { progress: () => ALL_PAGES });
    const copy = new Database(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      const [{ quick_check: check }] = copy.pragma('quick_check') as Array<{ quick_check: string }>;
      if (check !== 'ok') throw new BackupError(`the copy failed its integrity check: ${check}`);
    } finally {
      copy.close();
    }
    linkSync(partial, file);
    return { file, bytes: statSync(file).size, pages: progress.totalPages };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new BackupError(`${target} appeared while the backup ran: name a new file`);
    throw error;
  } finally {
    source.close();
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
  }
}
