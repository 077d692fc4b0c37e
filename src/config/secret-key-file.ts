import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makePrivateFolder } from './private-files';
import { ConfigError } from './load-config';

export const SECRET_KEY_FILE = 'secret-key';

export interface SecretKeyFromFile {
  key: string;
  /** True when this call made the file (the first start of an install). */
  created: boolean;
}

/**
 * The install's key when SECRET_KEY is unset: read from `path`, or made once. Every process of the
 * install (the server, each CLI command) must sign with the same key, and two first starts at once must
 * not make two keys: the key is written to a private temporary file and hard-linked into place, which
 * fails if the file exists (the loser reads the winner's key) and never shows a half-written file.
 */
export function readOrCreateSecretKey(path: string): SecretKeyFromFile {
  const existing = readKey(path);
  if (existing) return { key: existing, created: false };
  makePrivateFolder(dirname(path));
  const temporary = join(
    dirname(path),
    `.${SECRET_KEY_FILE}-${process.pid}-${randomBytes(6).toString('hex')}`,
  );
  const key = randomBytes(32).toString('hex');
  writeFileSync(temporary, `${key}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, path);
    return { key, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: readKey(path) ?? damaged(path), created: false };
  } finally {
    unlinkSync(temporary);
  }
}

function readKey(path: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigError([`SECRET_KEY: cannot read the key file ${path} (${(error as Error).message})`]);
  }
  const key = text.trim();
  return key.length >= 32 ? key : damaged(path);
}

function damaged(path: string): never {
  throw new ConfigError([
    `SECRET_KEY: the key file ${path} is damaged (expected 64 hexadecimal characters); restore it, set ` +
      'SECRET_KEY, or delete the file to make a new key (links in emails already sent then stop working)',
  ]);
}
