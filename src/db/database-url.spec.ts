import { DatabaseUrlError, parseDatabaseUrl, redactPassword } from './database-url';

describe('parseDatabaseUrl', () => {
  it('reads SQLite paths', () => {
    expect(parseDatabaseUrl('sqlite:./data/tidings.db')).toEqual({
      dialect: 'sqlite',
      path: './data/tidings.db',
    });
    expect(parseDatabaseUrl('sqlite:///var/lib/t.db')).toEqual({ dialect: 'sqlite', path: '/var/lib/t.db' });
    expect(parseDatabaseUrl('sqlite::memory:')).toEqual({ dialect: 'sqlite', path: ':memory:' });
  });

  it('reads MySQL and MariaDB URLs with escaped credentials', () => {
    expect(parseDatabaseUrl('mysql://app:p%40ss@db.example:3307/tidings')).toEqual({
      dialect: 'mysql',
      host: 'db.example',
      port: 3307,
      user: 'app',
      password: 'p@ss',
      database: 'tidings',
    });
    expect(parseDatabaseUrl('mariadb://root@127.0.0.1/test')).toMatchObject({
      port: 3306,
      user: 'root',
      password: '',
    });
  });

  it.each([
    'sqlite:',
    'postgres://u@h/db',
    'mysql://host',
    'mysql://u@h/',
    'not a url',
    'mysql://u@h/db;drop',
  ])('rejects %s with a clear error', (url) => {
    expect(() => parseDatabaseUrl(url)).toThrow(DatabaseUrlError);
    expect(() => parseDatabaseUrl(url)).toThrow(/DATABASE_URL .* is invalid: /);
  });

  it('never shows a password in its errors', () => {
    expect(() => parseDatabaseUrl('mysql://u:secret@h/')).toThrow(/u:\*\*\*@h/);
    expect(redactPassword('mysql://u:secret@h/db')).toBe('mysql://u:***@h/db');
  });
});
