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

/** Names of the corpus pages, in the order every bench reads them. */
export function corpusPageNames(repoRoot: string): string[] {
  return readdirSync(corpusDirectory(repoRoot)).sort();
}

export function loadCorpus(repoRoot: string, names?: string[]): CorpusCase[] {
  const directory = corpusDirectory(repoRoot);
  return (names ?? corpusPageNames(repoRoot)).map((name) => ({
    name,
    source: readFileSync(path.join(directory, name, 'source.html'), 'utf8'),
    expectedHtml: readFileSync(path.join(directory, name, 'expected.html'), 'utf8'),
  }));
}
