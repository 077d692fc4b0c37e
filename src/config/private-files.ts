import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, statSync, Stats } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';

/**
 * What holds readers' data (their addresses, support threads, the ledger, emails whose unsubscribe links
 * work) is its owner's alone, whatever the umask: folders 0700, files 0600 (the secret key already was).
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** `mkdir -p` whose new folders are 0700, then chmod'ed so, as a umask may only take bits away. */
export function makePrivateFolder(path: string): void {
  const first = mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (first === undefined) return;
  for (let folder = resolve(path); ; folder = dirname(folder)) {
    chmodSync(folder, PRIVATE_FOLDER_MODE);
    if (folder === resolve(first) || folder === dirname(folder)) break;
  }
}

/**
 * Creates the empty file `path` 0600 unless it exists (SQLite gives a database's -wal, -shm and
 * -journal files the database file's mode, so creating the database so makes them private too).
 */
export function createPrivateFile(path: string): void {
  let descriptor: number;
  try {
    descriptor = openSync(path, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  try {
    chmodSync(path, PRIVATE_FILE_MODE);
  } finally {
    closeSync(descriptor);
  }
}

export interface PrivatePlaces {
  /** Folders that hold only Tidings' data (the database's folder, the outbox folder). */
  folders: string[];
  /** Files that must be the owner's alone (the database and its -wal/-shm, the key file). */
  files: string[];
  /** Folders whose files ending so are tightened too (the outbox's `.eml`). */
  filesIn?: Array<{ folder: string; suffix: string }>;
}

/**
 * Takes the group's and others' bits off what exists of `places` (an install made before Tidings kept
 * them private). Shared folders are left alone: one with the sticky bit (`/tmp`), the home folder, the
 * root. Returns one phrase per change (`./data 0755 → 0700`).
 */
export function tightenPrivateData(places: PrivatePlaces): string[] {
  const changes: string[] = [];
  const tighten = (path: string, stats: Stats, mode: number) => {
    if ((stats.mode & 0o077) === 0) return;
    chmodSync(path, mode);
    changes.push(`${path} ${octal(stats.mode)} → ${octal(mode)}`);
  };
  for (const folder of places.folders) {
    const stats = statOrNull(folder);
    if (stats?.isDirectory() && !isSharedFolder(folder, stats)) tighten(folder, stats, PRIVATE_FOLDER_MODE);
  }
  for (const file of places.files) {
    const stats = statOrNull(file);
    if (stats?.isFile()) tighten(file, stats, stats.mode & PRIVATE_FILE_MODE);
  }
  for (const { folder, suffix } of places.filesIn ?? []) {
    if (!statOrNull(folder)?.isDirectory()) continue;
    for (const name of readdirSync(folder).filter((entry) => entry.endsWith(suffix))) {
      const stats = statOrNull(join(folder, name));
      if (stats?.isFile()) tighten(join(folder, name), stats, stats.mode & PRIVATE_FILE_MODE);
    }
  }
  return changes;
}

function isSharedFolder(folder: string, stats: Stats): boolean {
  const path = resolve(folder);
  return (stats.mode & 0o1000) !== 0 || path === resolve(homedir()) || path === parse(path).root;
}

function statOrNull(path: string): Stats | null {
  return statSync(path, { throwIfNoEntry: false }) ?? null;
}

function octal(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, '0');
}
