import { createHash } from 'node:crypto';
import { ulid } from 'ulid';

/** Sortable, app-generated primary keys (ULID): portable across SQLite and MySQL. */
export function newId(): string {
  return ulid();
}

export function sha256Hex(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}
