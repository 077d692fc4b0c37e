import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * trafilatura's evaluation set (`shared/corpus/trafilatura` beside the repository): pages judged by
 * people, each with snippets that must be in the article and snippets that must not. Scored as
 * `shared/tools/score-extraction.mjs` and trafilatura's `tests/eval_common.py` do.
 */
export interface JudgedPage {
  id: string;
  url: string;
  html: string;
  with: string[];
  without: string[];
}

export interface SnippetCounts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  emptyPages: number;
}

export interface SnippetScores {
  precision: number;
  recall: number;
  f1: number;
  emptyPages: number;
}

interface Judgement {
  url: string;
  with: string[];
  without: string[];
}

export function judgedPagesDirectory(repoRoot: string): string {
  return path.join(repoRoot, '..', 'shared', 'corpus', 'trafilatura');
}

/** Page ids of the set, or none when the set is not beside the repository (a fresh clone). */
export function judgedPageIds(directory: string): string[] {
  const file = path.join(directory, 'evaldata.json');
  return existsSync(file) ? Object.keys(readJudgements(directory)) : [];
}

/** One page at a time: holding all of them would distort the memory figures. */
export function* judgedPages(directory: string, ids: readonly string[]): Generator<JudgedPage> {
  const judgements = readJudgements(directory);
  for (const id of ids) {
    const bytes = gunzipSync(readFileSync(path.join(directory, 'pages', `${id}.html.gz`)));
    yield { id, ...judgements[id], html: decodeAsTheScorerDoes(bytes) };
  }
}

export type JudgedHalf = 'a' | 'b';
export const JUDGED_HALVES: readonly JudgedHalf[] = ['a', 'b'];

/**
 * The half of the set a page belongs to, split by site so that a rule tuned on one half is judged on pages of sites it
 * never saw: a page's half is the lowest bit of the first byte of the SHA-256 of its site's name
 * (`siteOf`), so the split depends on nothing but the site, never changes as pages are added or reordered,
 * and mixes languages and kinds of site alike (480 and 510 of the 990 pages; German, English, French,
 * Polish... pages in both).
 */
export function judgedHalf(url: string): JudgedHalf {
  return (createHash('sha256').update(siteOf(url)).digest()[0] & 1) === 0 ? 'a' : 'b';
}

/**
 * The site a judged page comes from: its host without `www.`; for a copy on web.archive.org, the host of
 * the archived page; for the few pages whose `url` is a name such as `hard::nationnews.com-schools.html`,
 * the name up to its first hyphen (`nationnews.com`).
 */
export function siteOf(url: string): string {
  const archived = /^https?:\/\/web\.archive\.org\/web\/\w+\/(.+)$/i.exec(url)?.[1];
  const address = archived ? (/^https?:/i.test(archived) ? archived : `http://${archived}`) : url;
  let host = '';
  try {
    host = new URL(address).hostname;
  } catch {
    // Not a URL: named below.
  }
  if (host === '') host = (url.split('::').pop() ?? url).split('-')[0].replace(/\.html$/, '');
  return host.toLowerCase().replace(/^www\./, '');
}

export function emptyHalfCounts(): Record<JudgedHalf, SnippetCounts> {
  return { a: emptyCounts(), b: emptyCounts() };
}

/** Adds `more` to `total`, key by key. */
export function addCounts(total: SnippetCounts, more: SnippetCounts): void {
  for (const key of Object.keys(total) as Array<keyof SnippetCounts>) total[key] += more[key];
}

export function emptyCounts(): SnippetCounts {
  return { truePositives: 0, falsePositives: 0, falseNegatives: 0, emptyPages: 0 };
}

/** What one page's output gets wrong: the junk snippets it kept and the wanted ones it missed. */
export function snippetErrors(page: JudgedPage, text: string): { junk: string[]; missed: string[] } {
  const output = normalize(text);
  const found = (snippet: string) => output.includes(normalize(snippet));
  return { junk: page.without.filter(found), missed: page.with.filter((snippet) => !found(snippet)) };
}

/** Adds one page's output to the counts: snippets found in the whitespace-normalised text. */
export function countSnippets(counts: SnippetCounts, page: JudgedPage, text: string): void {
  const { junk, missed } = snippetErrors(page, text);
  counts.truePositives += page.with.length - missed.length;
  counts.falseNegatives += missed.length;
  counts.falsePositives += junk.length;
  if (normalize(text).length === 0) counts.emptyPages++;
}

export function snippetScores(counts: SnippetCounts): SnippetScores {
  const precision = counts.truePositives / Math.max(1, counts.truePositives + counts.falsePositives);
  const recall = counts.truePositives / Math.max(1, counts.truePositives + counts.falseNegatives);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, emptyPages: counts.emptyPages };
}

function readJudgements(directory: string): Record<string, Judgement> {
  return JSON.parse(readFileSync(path.join(directory, 'evaldata.json'), 'utf8')) as Record<string, Judgement>;
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The charset the page declares in its first 2 KB, else UTF-8 (as the shared scorer decodes). */
function decodeAsTheScorerDoes(bytes: Buffer): string {
  const head = bytes.subarray(0, 2048).toString('latin1');
  const charset = /charset=["']?([\w-]+)/i.exec(head)?.[1];
  try {
    return new TextDecoder(charset && !/utf-?8/i.test(charset) ? charset : 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}
