import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrivateFile, makePrivateFolder, tightenPrivateData } from './private-files';

const modeOf = (path: string) => statSync(path).mode & 0o7777;

describe('private files', () => {
  let root: string;
  let umask: number;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'tidings-private-'));
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  it('makes every new folder 0700 and a new file 0600 under a 022 umask, and leaves existing ones', () => {
    makePrivateFolder(join(root, 'a', 'b'));
    expect([modeOf(join(root, 'a')), modeOf(join(root, 'a', 'b'))]).toEqual([0o700, 0o700]);
    expect(modeOf(root)).toBe(0o700); // mkdtemp's own

    const file = join(root, 'a', 'b', 'tidings.db');
    createPrivateFile(file);
    expect(modeOf(file)).toBe(0o600);
    writeFileSync(file, 'data');
    chmodSync(file, 0o640);
    createPrivateFile(file);
    expect(modeOf(file)).toBe(0o640);
    expect(statSync(file).size).toBe(4);
  });

  it('takes the group and others off an older install, naming each change, and leaves shared folders', () => {
    const data = join(root, 'data');
    mkdirSync(data, { mode: 0o755 });
    const outbox = join(data, 'outbox');
    mkdirSync(outbox, { mode: 0o755 });
    for (const name of ['tidings.db', 'tidings.db-wal', 'secret-key']) writeFileSync(join(data, name), 'x');
    chmodSync(join(data, 'secret-key'), 0o600);
    for (const name of ['1.eml', 'notes.txt']) writeFileSync(join(outbox, name), 'x', { mode: 0o644 });
    const shared = join(root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);

    const places = {
      folders: [data, outbox, shared, join(root, 'missing')],
      files: ['tidings.db', 'tidings.db-wal', 'tidings.db-shm', 'secret-key'].map((name) => join(data, name)),
      filesIn: [{ folder: outbox, suffix: '.eml' }],
    };
    expect(tightenPrivateData(places).sort()).toEqual(
      [
        `${data} 0755 → 0700`,
        `${outbox} 0755 → 0700`,
        `${join(data, 'tidings.db')} 0644 → 0600`,
        `${join(data, 'tidings.db-wal')} 0644 → 0600`,
        `${join(outbox, '1.eml')} 0644 → 0600`,
      ].sort(),
    );
    expect(modeOf(shared)).toBe(0o1777);
    expect(modeOf(join(outbox, 'notes.txt'))).toBe(0o644);
    expect(tightenPrivateData(places)).toEqual([]);
  });
});
