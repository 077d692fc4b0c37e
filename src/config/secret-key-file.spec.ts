import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readOrCreateSecretKey } from './secret-key-file';

const freshDirectory = () => mkdtempSync(join(tmpdir(), 'tidings-key-'));

describe('readOrCreateSecretKey', () => {
  it('makes a private key file once (its folder too) and reads it afterwards', () => {
    const path = join(freshDirectory(), 'data', 'secret-key');
    const first = readOrCreateSecretKey(path);
    expect(first).toEqual({ key: expect.stringMatching(/^[0-9a-f]{64}$/), created: true });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readOrCreateSecretKey(path)).toEqual({ key: first.key, created: false });
    expect(readdirSync(join(path, '..'))).toEqual(['secret-key']);
  });

  it('keeps a key written by hand', () => {
    const path = join(freshDirectory(), 'secret-key');
    writeFileSync(path, '  my own key of at least thirty-two characters  \n');
    expect(readOrCreateSecretKey(path).key).toBe('my own key of at least thirty-two characters');
  });

  it('refuses a damaged key file rather than replacing it', () => {
    const path = join(freshDirectory(), 'secret-key');
    writeFileSync(path, 'abc');
    expect(() => readOrCreateSecretKey(path)).toThrow(/key file .* is damaged/);
    expect(readFileSync(path, 'utf8')).toBe('abc');
  });
});
