import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { articleText } from '../../src/content/text/html-to-text';
import { extractWithReadability } from '../../src/content/extract/readability-fallback';
import { CORPUS_PAGE_URL } from '../../test/support/readability-pages';
import { tokenF1 } from '../../test/support/token-f1';
import { corpusPageNames, loadCorpus } from './corpus';
import {
  countSnippets,
  emptyCounts,
  judgedPageIds,
  judgedPages,
  judgedPagesDirectory,
  type SnippetCounts,
} from './judged-pages';
import { peakMemoryMiB } from './report';

/**
 * Mozilla Readability on jsdom, the extraction bench's baseline, run over a page set in chunks, each
 * chunk in a fresh child process: jsdom keeps memory long after a window is closed, and all pages in one
 * process (about 4 GB) run out of Node's default heap. As in shared/tools/score-extraction.mjs, times are
 * measured inside the children, around each extraction only.
 */

export type PageSet = 'judged' | 'readability';

export interface ChunkResult {
  /** Snippet counts over the chunk's judged pages (zero for the Readability set). */
  counts: SnippetCounts;
  /** Sum of token F1 with the expected output over the chunk's Readability pages. */
  agreementSum: number;
  pages: number;
  ms: number;
  peakRssMiB: number;
}

const CHUNK_SIZE = 100;
const repoRoot = path.join(__dirname, '..', '..', '..');

/** Readability over `pageCount` pages of a set, chunk by chunk: the children's results summed. */
export function readabilityInChunks(set: PageSet, pageCount: number): ChunkResult {
  const total: ChunkResult = { counts: emptyCounts(), agreementSum: 0, pages: 0, ms: 0, peakRssMiB: 0 };
  for (let from = 0; from < pageCount; from += CHUNK_SIZE) {
    const output = execFileSync(
      process.execPath,
      [__filename, set, String(from), String(Math.min(from + CHUNK_SIZE, pageCount))],
      { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const chunk = JSON.parse(output) as ChunkResult;
    for (const key of Object.keys(total.counts) as Array<keyof SnippetCounts>)
      total.counts[key] += chunk.counts[key];
    total.agreementSum += chunk.agreementSum;
    total.pages += chunk.pages;
    total.ms += chunk.ms;
    total.peakRssMiB = Math.max(total.peakRssMiB, chunk.peakRssMiB);
  }
  return total;
}

function runChunk(set: PageSet, from: number, to: number): ChunkResult {
  const result: ChunkResult = { counts: emptyCounts(), agreementSum: 0, pages: 0, ms: 0, peakRssMiB: 0 };
  // Module loading and JIT are paid here, outside the timings.
  extractWithReadability(
    '<body><article><p>Warming up, with a sentence.</p></article></body>',
    CORPUS_PAGE_URL,
  );
  const timedText = (html: string, url: string) => {
    const start = process.hrtime.bigint();
    const text = extractWithReadability(html, url)?.text ?? '';
    result.ms += Number(process.hrtime.bigint() - start) / 1e6;
    result.pages++;
    return text;
  };
  if (set === 'judged') {
    const directory = judgedPagesDirectory(repoRoot);
    for (const page of judgedPages(directory, judgedPageIds(directory).slice(from, to)))
      countSnippets(result.counts, page, timedText(page.html, page.url));
  } else {
    for (const page of loadCorpus(repoRoot, corpusPageNames(repoRoot).slice(from, to)))
      result.agreementSum += tokenF1(timedText(page.source, CORPUS_PAGE_URL), articleText(page.expectedHtml));
  }
  result.peakRssMiB = peakMemoryMiB();
  return result;
}

if (require.main === module) {
  const [set, from, to] = process.argv.slice(2);
  process.stdout.write(JSON.stringify(runChunk(set as PageSet, Number(from), Number(to))));
}
