import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envFileProblems, environmentWithEnvFile } from './env-file';
import { ConfigError } from './load-config';

function directoryWith(envFile?: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'tidings-env-'));
  if (envFile !== undefined) writeFileSync(join(directory, '.env'), envFile);
  return directory;
}

describe('environmentWithEnvFile', () => {
  it('reads .env under the real environment, which wins', () => {
    const directory = directoryWith(
      'PORT=8080\nMAIL_FROM="Tidings <feeds@example.com>"\nexport LOG_LEVEL=debug\n',
    );
    expect(environmentWithEnvFile({ PORT: '9000' }, directory)).toEqual({
      PORT: '9000',
      MAIL_FROM: 'Tidings <feeds@example.com>',
      LOG_LEVEL: 'debug',
    });
  });

  it('lets an empty variable of the real environment win too', () => {
    expect(environmentWithEnvFile({ SMTP_URL: '' }, directoryWith('SMTP_URL=smtp://mail')).SMTP_URL).toBe('');
  });

  it('is fine without a .env file', () => {
    const env = { PORT: '1' };
    expect(environmentWithEnvFile(env, directoryWith())).toBe(env);
  });

  it('refuses a malformed .env, naming the line but never its content', () => {
    const directory = directoryWith(
      '# settings\nPORT=8080\nSECRET_KEY hunter2-hunter2-hunter2\nLOG_LEVEL=info\n',
    );
    expect(() => environmentWithEnvFile({}, directory)).toThrow(ConfigError);
    expect(() => environmentWithEnvFile({}, directory)).toThrow(/\.env: line 3: expected NAME=value/);
    expect(() => environmentWithEnvFile({}, directory)).not.toThrow(/hunter2/);
  });

  it('refuses a .env it cannot read', () => {
    const directory = directoryWith();
    mkdirSync(join(directory, '.env'));
    expect(() => environmentWithEnvFile({}, directory)).toThrow(/\.env: cannot read/);
  });
});

describe('envFileProblems', () => {
  it.each([
    ['', []],
    ['A=1\n\n  # comment\nB = two words\r\nexport C="x"\n', []],
    ['KEY="first line\nsecond line"\nNEXT=1', []],
    ["KEY='unterminated\nNEXT=1", ["a value opened with ' is never closed"]],
    ['=value', ['line 1: expected NAME=value or a # comment']],
    ['A=1\nnot an assignment\n', ['line 2: expected NAME=value or a # comment']],
    ['1ABC=x', ['line 1: expected NAME=value or a # comment']],
  ])('%j → %j', (text, problems) => {
    expect(envFileProblems(text)).toEqual(problems);
  });
});
