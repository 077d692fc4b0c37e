import { existsSync } from 'node:fs';
import path from 'node:path';
import { articleText } from '../src/content/text/html-to-text';
import { extractArticle } from '../src/content/extract/extract-article';
import { CORPUS_PAGE_URL } from '../test/support/readability-pages';
import { tokenF1 } from '../test/support/token-f1';
import { corpusDirectory, corpusPageNames, loadCorpus } from './support/corpus';
import {
  countSnippets,
  emptyCounts,
  judgedPageIds,
  judgedPages,
  judgedPagesDirectory,
  snippetScores,
  type SnippetScores,
} from './support/judged-pages';
import { readabilityInChunks } from './support/readability-in-chunks';
import { peakMemoryMiB, reportBench } from './support/report';

// Ours vs Mozilla Readability on jsdom, same run, on two sets read from `shared/` beside the repository:
// trafilatura's pages judged by people (snippet precision, recall and F1, as shared/tools/score-extraction.mjs
// counts them) and Readability's own test pages (agreement: token F1 with Readability's expected output).
// Ours runs over every page in this one process (its peak memory is a figure of the bench); Readability
// runs in chunks in child processes (bench/support/readability-in-chunks.ts), as jsdom's memory demands.
const repoRoot = path.join(__dirname, '..', '..');
const judgedDirectory = judgedPagesDirectory(repoRoot);
const judgedIds = judgedPageIds(judgedDirectory);
// Page names only: pages are read one at a time, as holding all of them would add to our memory figure.
const readabilityPages = existsSync(corpusDirectory(repoRoot)) ? corpusPageNames(repoRoot) : [];
if (judgedIds.length === 0 && readabilityPages.length === 0) {
  console.error(
    'bench extract: neither ../shared/corpus/trafilatura nor ../shared/corpus/readability is here',
  );
  process.exit(2);
}

let fallbacks = 0;
function timedOurs(html: string, url: string): { text: string; ms: number } {
  const start = process.hrtime.bigint();
  const article = extractArticle(html, url);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (article.method === 'readability') fallbacks++;
  return { text: article.text, ms };
}

function scoreJudged(): SnippetScores & { ms: number } {
  const counts = emptyCounts();
  let ms = 0;
  for (const page of judgedPages(judgedDirectory, judgedIds)) {
    const result = timedOurs(page.html, page.url);
    ms += result.ms;
    countSnippets(counts, page, result.text);
  }
  return { ...snippetScores(counts), ms };
}

function scoreAgreement(): { agreement: number; ms: number } {
  let ms = 0;
  let f1 = 0;
  for (const name of readabilityPages) {
    const [page] = loadCorpus(repoRoot, [name]);
    const result = timedOurs(page.source, CORPUS_PAGE_URL);
    ms += result.ms;
    f1 += tokenF1(result.text, articleText(page.expectedHtml));
  }
  return { agreement: f1 / Math.max(1, readabilityPages.length), ms };
}

// Warm up (module loading, JIT, and jsdom, which our fallback loads) so that the timings do not pay for it.
extractArticle('<body><article><p>Warming up, with a sentence.</p></article></body>', CORPUS_PAGE_URL, {
  minConfidence: 1,
});

const oursJudged = scoreJudged();
const oursAgreement = scoreAgreement();
const oursPeakMemory = peakMemoryMiB();
const extractions = judgedIds.length + readabilityPages.length;
const baselineJudgedRun = readabilityInChunks('judged', judgedIds.length);
const baselineJudged = { ...snippetScores(baselineJudgedRun.counts), ms: baselineJudgedRun.ms };
const baselineAgreementRun = readabilityInChunks('readability', readabilityPages.length);
const baselineAgreement = {
  agreement: baselineAgreementRun.agreementSum / Math.max(1, baselineAgreementRun.pages),
  ms: baselineAgreementRun.ms,
};

const judgedFigures = (prefix: string, scores: SnippetScores) => ({
  [`${prefix}_precision`]: scores.precision,
  [`${prefix}_recall`]: scores.recall,
  [`${prefix}_f1`]: scores.f1,
  [`${prefix}_empty_pages`]: scores.emptyPages,
});
const ratio = (baseline: number, candidate: number) => baseline / Math.max(candidate, 1e-9);
const useJudged = judgedIds.length > 0;
reportBench({
  name: 'extract',
  ours: useJudged ? oursJudged.ms : oursAgreement.ms,
  baseline: useJudged ? baselineJudged.ms : baselineAgreement.ms,
  unit: useJudged ? 'ms_over_judged_pages' : 'ms_over_readability_pages',
  higherIsBetter: false,
  extra: {
    judged_pages: judgedIds.length,
    ...(useJudged ? judgedFigures('judged_ours', oursJudged) : {}),
    ...(useJudged ? judgedFigures('judged_readability', baselineJudged) : {}),
    judged_speedup: useJudged ? ratio(baselineJudged.ms, oursJudged.ms) : 'n/a',
    readability_pages: readabilityPages.length,
    readability_corpus_agreement_ours: oursAgreement.agreement,
    readability_corpus_agreement_readability: baselineAgreement.agreement,
    readability_corpus_speedup: ratio(baselineAgreement.ms, oursAgreement.ms),
    fallback_rate: fallbacks / Math.max(1, extractions),
    ours_peak_rss_mib: oursPeakMemory,
    readability_peak_rss_mib_per_chunk: Math.max(
      baselineJudgedRun.peakRssMiB,
      baselineAgreementRun.peakRssMiB,
    ),
  },
});
