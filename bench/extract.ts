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
  emptyHalfCounts,
  judgedHalf,
  JUDGED_HALVES,
  judgedPageIds,
  judgedPages,
  judgedPagesDirectory,
  snippetErrors,
  snippetScores,
  type JudgedHalf,
  type JudgedPage,
  type SnippetCounts,
  type SnippetScores,
} from './support/judged-pages';
import { readabilityInChunks } from './support/readability-in-chunks';
import { peakMemoryMiB, reportBench } from './support/report';

// Ours vs Mozilla Readability on jsdom, same run, on two sets read from `shared/` beside the repository:
// trafilatura's pages judged by people (snippet precision, recall and F1, as shared/tools/score-extraction.mjs
// counts them) and Readability's own test pages (agreement: token F1 with Readability's expected output).
// Ours runs over every page in this one process (its peak memory is a figure of the bench); Readability
// runs in chunks in child processes (bench/support/readability-in-chunks.ts), as jsdom's memory demands.
// `fallback_rate` is the share of pages on which ours ran jsdom and Readability (the stream path found nothing).
//
// The judged pages are also scored in two halves split by site (`judgedHalf` in support/judged-pages.ts:
// the lowest bit of the SHA-256 of the page's host, `www.` dropped, the archived host for web.archive.org
// copies), so the split never changes and both halves mix languages; no site has pages in both. The
// measuring rule for extraction rules: tune on one half, and keep a rule only if it also helps on the
// half it was not tuned on and does not lower agreement on the Readability corpus.
//
// `npm run bench -- extract --pages`: ours only, for working on a rule: each judged page's junk snippets
// kept and wanted ones missed (by half), then the scores of both halves and the agreement; no baseline.
const listPages = process.argv.includes('--pages');
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

const halfPages: Record<JudgedHalf, number> = { a: 0, b: 0 };
function scoreJudged(): SnippetScores & { ms: number; halves: Record<JudgedHalf, SnippetScores> } {
  const counts = emptyCounts();
  const halfCounts = emptyHalfCounts();
  let ms = 0;
  for (const page of judgedPages(judgedDirectory, judgedIds)) {
    const result = timedOurs(page.html, page.url);
    ms += result.ms;
    const half = judgedHalf(page.url);
    halfPages[half]++;
    countSnippets(counts, page, result.text);
    countSnippets(halfCounts[half], page, result.text);
    if (listPages) printErrors(page, half, result.text);
  }
  return { ...snippetScores(counts), ms, halves: halfScores(halfCounts) };
}

function printErrors(page: JudgedPage, half: JudgedHalf, text: string): void {
  const { junk, missed } = snippetErrors(page, text);
  if (junk.length + missed.length === 0) return;
  console.log(`${half} ${page.id} ${page.url}`);
  for (const snippet of junk) console.log(`  junk:   ${snippet}`);
  for (const snippet of missed) console.log(`  missed: ${snippet}`);
}

function halfScores(counts: Record<JudgedHalf, SnippetCounts>): Record<JudgedHalf, SnippetScores> {
  return { a: snippetScores(counts.a), b: snippetScores(counts.b) };
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
if (listPages) {
  const f1 = (scores: SnippetScores) => scores.f1.toFixed(4);
  console.log(
    `judged_ours_f1=${f1(oursJudged)} half_a=${f1(oursJudged.halves.a)} half_b=${f1(oursJudged.halves.b)} ` +
      `agreement=${oursAgreement.agreement.toFixed(4)}`,
  );
  process.exit(0);
}
const oursPeakMemory = peakMemoryMiB();
const extractions = judgedIds.length + readabilityPages.length;
const baselineJudgedRun = readabilityInChunks('judged', judgedIds.length);
const baselineJudged = {
  ...snippetScores(baselineJudgedRun.counts),
  ms: baselineJudgedRun.ms,
  halves: halfScores(baselineJudgedRun.halfCounts),
};
const baselineAgreementRun = readabilityInChunks('readability', readabilityPages.length);
const baselineAgreement = {
  agreement: baselineAgreementRun.agreementSum / Math.max(1, baselineAgreementRun.pages),
  ms: baselineAgreementRun.ms,
};

const scoreFigures = (prefix: string, scores: SnippetScores) => ({
  [`${prefix}_precision`]: scores.precision,
  [`${prefix}_recall`]: scores.recall,
  [`${prefix}_f1`]: scores.f1,
  [`${prefix}_empty_pages`]: scores.emptyPages,
});
// The whole set, then each half beside it.
const judgedFigures = (
  prefix: string,
  scores: SnippetScores & { halves: Record<JudgedHalf, SnippetScores> },
) =>
  Object.assign(
    scoreFigures(prefix, scores),
    ...JUDGED_HALVES.map((half) => scoreFigures(`${prefix}_half_${half}`, scores.halves[half])),
  ) as Record<string, number>;
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
    judged_half_a_pages: halfPages.a,
    judged_half_b_pages: halfPages.b,
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
