export type DatabaseTarget =
  | { dialect: 'sqlite'; path: string }
  | { dialect: 'mysql'; host: string; port: number; user: string; password: string; database: string };

export class DatabaseUrlError extends Error {
  constructor(url: string, reason: string) {
    super(`DATABASE_URL "${redactPassword(url)}" is invalid: ${reason}`);
    this.name = 'DatabaseUrlError';
  }
}

/** `sqlite:PATH` (or `sqlite::memory:`) and `mysql://user:pass@host:port/database` (`mariadb://` too). */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!path) throw new DatabaseUrlError(url, 'expected a file path after sqlite:');
    return { dialect: 'sqlite', path };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseUrlError(url, 'expected sqlite:PATH or mysql://user:pass@host:3306/database');
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new DatabaseUrlError(url, `unsupported scheme "${parsed.protocol}" (use sqlite: or mysql://)`);
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!parsed.hostname) throw new DatabaseUrlError(url, 'expected a host name');
  if (!/^[A-Za-z0-9_$-]+$/.test(database))
    throw new DatabaseUrlError(url, 'expected a database name after the host');
  const port = parsed.port ? Number(parsed.port) : 3306;
  return {
    dialect: 'mysql',
    host: parsed.hostname,
    port,
    user: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password),
    database,
  };
}

export function redactPassword(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');
}
