import { dirname, resolve } from 'node:path';
import { PrivatePlaces, tightenPrivateData } from './config/private-files';
import { environmentWithEnvFile } from './config/env-file';
import { limitHeapGrowth } from './config/heap-growth';
import { Config, loadConfig } from './config/load-config';
import { readOrCreateSecretKey, SECRET_KEY_FILE } from './config/secret-key-file';
import { parseDatabaseUrl } from './db/database-url';

export interface StartupConfig {
  config: Config;
  /** Lines for the log once the logger runs (the key file was just made). */
  notices: string[];
}

/**
 * What every process of an install (`npm start`, each `tidings` command) starts from: the environment
 * over `.env` in the working directory, and, without SECRET_KEY outside production, the install's key
 * file beside its SQLite database (`./data` for MySQL), so that links one process signs work in another;
 * and its heap's growth between collections (HEAP_GROWTH_PERCENT).
 */
export function loadStartupConfig(
  env: NodeJS.ProcessEnv = process.env,
  directory = process.cwd(),
): StartupConfig {
  const notices: string[] = [];
  const config = loadConfig(environmentWithEnvFile(env, directory), ({ DATABASE_URL }) => {
    const path = secretKeyPath(DATABASE_URL, directory);
    const { key, created } = readOrCreateSecretKey(path);
    if (created)
      notices.push(
        `SECRET_KEY is not set: made a key for this install in ${path} (readable by its owner only); ` +
          'keep it with the database, as it signs the links in emails and the sessions',
      );
    return key;
  });
  limitHeapGrowth(config.HEAP_GROWTH_PERCENT);
  const tightened = tightenPrivateData(privatePlaces(config, directory));
  if (tightened.length)
    notices.push(
      `the data was readable by other local users: made it the owner's alone (${tightened.join(', ')})`,
    );
  return { config, notices };
}

/** The install's data folder, SQLite database and key file, and the outbox folder when mail goes there. */
function privatePlaces(config: Config, directory: string): PrivatePlaces {
  const target = parseDatabaseUrl(config.DATABASE_URL);
  const key = secretKeyPath(config.DATABASE_URL, directory);
  const database =
    target.dialect === 'sqlite' && target.path !== ':memory:' ? resolve(directory, target.path) : null;
  const outbox = config.SMTP_URL ? null : resolve(directory, config.MAIL_OUTBOX_DIR);
  return {
    folders: [dirname(key), ...(outbox ? [outbox] : [])],
    files: [key, ...(database ? ['', '-wal', '-shm', '-journal'].map((end) => database + end) : [])],
    filesIn: outbox ? [{ folder: outbox, suffix: '.eml' }] : [],
  };
}

export function secretKeyPath(databaseUrl: string, directory: string): string {
  const target = parseDatabaseUrl(databaseUrl);
  const dataDirectory =
    target.dialect === 'sqlite' && target.path !== ':memory:' ? dirname(target.path) : 'data';
  return resolve(directory, dataDirectory, SECRET_KEY_FILE);
}
