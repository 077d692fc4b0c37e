import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError } from './load-config';

const ASSIGNMENT = /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_.-]*\s*=\s*(.*)$/;

/**
 * The environment with `.env` of `directory` underneath it: a variable set in the real environment wins
 * over the file. No file is fine; a file Node's parser would misread is refused, since `parseEnv`
 * silently glues a line without `=` onto the next variable's name.
 */
export function environmentWithEnvFile(env: NodeJS.ProcessEnv, directory: string): NodeJS.ProcessEnv {
  const path = join(directory, '.env');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return env;
    throw new ConfigError([`.env: cannot read ${path} (${(error as Error).message})`]);
  }
  const problems = envFileProblems(text);
  if (problems.length) throw new ConfigError(problems.map((problem) => `.env: ${problem} (${path})`));
  const present = Object.entries(env).filter(([, value]) => value !== undefined);
  return { ...parseEnv(text), ...Object.fromEntries(present) };
}

/** Lines that are neither blank, a comment, `NAME=value` nor the rest of a quoted multi-line value. */
export function envFileProblems(text: string): string[] {
  const problems: string[] = [];
  let openQuote: string | null = null;
  text.split(/\r?\n/).forEach((line, index) => {
    if (openQuote) {
      if (line.includes(openQuote)) openQuote = null;
      return;
    }
    if (/^\s*(#.*)?$/.test(line)) return;
    const value = ASSIGNMENT.exec(line)?.[1];
    if (value === undefined) {
      // The line itself is not repeated: it may hold a secret.
      problems.push(`line ${index + 1}: expected NAME=value or a # comment`);
      return;
    }
    const quote = /^["'`]/.exec(value)?.[0];
    if (quote && value.indexOf(quote, 1) === -1) openQuote = quote;
  });
  if (openQuote) problems.push(`a value opened with ${openQuote} is never closed`);
  return problems;
}
