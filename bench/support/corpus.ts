import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface CorpusCase {
  name: string;
  source: string;
  expectedHtml: string;
}

/** Readability's test pages, from `shared/corpus` beside the repository. */
export function corpusDirectory(repoRoot: string): string {
  return path.join(repoRoot, '..', 'shared', 'corpus', 'readability');
}

export function loadCorpus(repoRoot: string, names?: string[]): CorpusCase[] {
  const directory = corpusDirectory(repoRoot);
  return (names ?? readdirSync(directory).sort()).map((name) => ({
    name,
    source: readFileSync(path.join(directory, name, 'source.html'), 'utf8'),
    expectedHtml: readFileSync(path.join(directory, name, 'expected.html'), 'utf8'),
  }));
}
