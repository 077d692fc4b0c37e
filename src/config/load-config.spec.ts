import { ConfigError, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.DATABASE_URL).toBe('sqlite:./data/tidings.db');
    expect(config.PORT).toBe(3000);
    expect(config.MAIL_OUTBOX_DIR).toBe('./data/outbox/');
    expect(config.FETCH_CONCURRENCY).toBe(20);
    expect(config.FETCH_PER_HOST).toBe(2);
    expect(config.FETCH_ALLOW_PRIVATE).toBe(false);
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.SECRET_KEY.length).toBeGreaterThanOrEqual(32);
    expect(config.PARSE_WORKERS).toBeGreaterThanOrEqual(1);
    expect(config.PARSE_WORKERS).toBeLessThanOrEqual(4);
    expect(config.PARSE_TIMEOUT_MS).toBe(20_000);
    expect(config.SMTP_DOMAIN_RATES).toEqual([]);
    expect(config.SHUTDOWN_GRACE_SECONDS).toBe(25);
    expect(config.CLAIM_LEASE_SECONDS).toBe(15);
    expect(config.RETENTION_DAYS).toBe(90);
    expect(config.HEAP_GROWTH_PERCENT).toBe(100);
    expect(loadConfig({ SMTP_DOMAIN_RATES: 'gmail.com:20/s' }).SMTP_DOMAIN_RATES).toEqual([
      { domain: 'gmail.com', messages: 20, perMs: 1000 },
    ]);
  });

  it('keeps PUBLIC_URL without a trailing slash, so that links are PUBLIC_URL and a path', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://tidings.example//' }).PUBLIC_URL).toBe(
      'https://tidings.example',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://tidings.example/app/' }).PUBLIC_URL).toBe(
      'https://tidings.example/app',
    );
  });

  it('returns a frozen object', () => {
    expect(Object.isFrozen(loadConfig({}))).toBe(true);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ SMTP_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('parses booleans and numbers', () => {
    const config = loadConfig({ FETCH_ALLOW_PRIVATE: 'true', PORT: '8080', FETCH_PER_HOST: '4' });
    expect(config).toMatchObject({ FETCH_ALLOW_PRIVATE: true, PORT: 8080, FETCH_PER_HOST: 4 });
  });

  it.each([
    [
      { DATABASE_URL: 'postgres://x' },
      /DATABASE_URL: expected sqlite:PATH or mysql:\/\/.*\(got "postgres:\/\/x"\)/,
    ],
    [{ PORT: 'eighty' }, /PORT: .*\(got "eighty"\)/],
    [{ PORT: '70000' }, /PORT: /],
    [{ PARSE_WORKERS: '-1' }, /PARSE_WORKERS: /],
    [{ PARSE_TIMEOUT_MS: 'soon' }, /PARSE_TIMEOUT_MS: .*\(got "soon"\)/],
    [{ FETCH_ALLOW_PRIVATE: 'maybe' }, /FETCH_ALLOW_PRIVATE: expected true or false/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL: expected smtp:/],
    [{ MAIL_FROM: 'not an address' }, /MAIL_FROM: expected an email address/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL: expected an http\(s\) URL/],
    [{ NODE_ENV: 'production' }, /SECRET_KEY: required in production/],
    [{ SMTP_DOMAIN_RATES: 'gmail.com:fast' }, /SMTP_DOMAIN_RATES: expected DOMAIN:N\/s/],
    [{ SHUTDOWN_GRACE_SECONDS: '0' }, /SHUTDOWN_GRACE_SECONDS: /],
    [{ SHUTDOWN_GRACE_SECONDS: 'a while' }, /SHUTDOWN_GRACE_SECONDS: .*\(got "a while"\)/],
    [{ CLAIM_LEASE_SECONDS: '2' }, /CLAIM_LEASE_SECONDS: /],
    [{ CLAIM_LEASE_SECONDS: 'short' }, /CLAIM_LEASE_SECONDS: .*\(got "short"\)/],
    [{ RETENTION_DAYS: '0' }, /RETENTION_DAYS: /],
    [{ RETENTION_DAYS: '-90' }, /RETENTION_DAYS: /],
    [{ RETENTION_DAYS: '1.5' }, /RETENTION_DAYS: /],
    [{ RETENTION_DAYS: '90 days' }, /RETENTION_DAYS: .*\(got "90 days"\)/],
    [{ RETENTION_DAYS: '1e9' }, /RETENTION_DAYS: /],
    [{ HEAP_GROWTH_PERCENT: '500' }, /HEAP_GROWTH_PERCENT: /],
    [{ HEAP_GROWTH_PERCENT: 'double' }, /HEAP_GROWTH_PERCENT: .*\(got "double"\)/],
    [
      { INBOUND_TLS_CERT: '/etc/tidings/cert.pem' },
      /INBOUND_TLS_KEY: INBOUND_TLS_CERT and INBOUND_TLS_KEY go/,
    ],
    [
      { INBOUND_TLS_KEY: '/etc/tidings/key.pem' },
      /INBOUND_TLS_CERT: INBOUND_TLS_CERT and INBOUND_TLS_KEY go/,
    ],
  ])('rejects %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads a DKIM key with escaped newlines and never repeats a bad secret', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----';
    expect(loadConfig({ DKIM_PRIVATE_KEY: pem }).DKIM_PRIVATE_KEY).toBe(pem.replaceAll('\\n', '\n'));
    expect(() => loadConfig({ DKIM_PRIVATE_KEY: 'hunter2-secret' })).toThrow(
      /DKIM_PRIVATE_KEY: expected a PEM/,
    );
    expect(() => loadConfig({ DKIM_PRIVATE_KEY: 'hunter2-secret' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ SECRET_KEY: 'short-one' })).not.toThrow(/short-one/);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'x', FETCH_PER_HOST: '0' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});
