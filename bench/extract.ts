import path from 'node:path';
import { htmlToText } from '../src/content/html-to-text';
import { extractArticle } from '../src/content/extract-article';
import { extractWithReadability } from '../src/content/readability-fallback';
import { CORPUS_PAGE_URL, loadCorpus } from './support/corpus';
import { peakMemoryMiB, reportBench } from './support/report';
import { tokenF1 } from './support/token-f1';

// Ours vs Mozilla Readability on jsdom over every corpus page, same run: time and text F1 of each.
const repoRoot = path.join(__dirname, '..', '..');
const corpus = loadCorpus(repoRoot);
let oursMs = 0;
let baselineMs = 0;
let oursF1 = 0;
let baselineF1 = 0;
let fallbacks = 0;
let below90 = 0;
for (const page of corpus) {
  const expectedText = htmlToText(page.expectedHtml);
  let start = process.hrtime.bigint();
  const ours = extractArticle(page.source, CORPUS_PAGE_URL);
  oursMs += Number(process.hrtime.bigint() - start) / 1e6;
  start = process.hrtime.bigint();
  const baseline = extractWithReadability(page.source, CORPUS_PAGE_URL);
  baselineMs += Number(process.hrtime.bigint() - start) / 1e6;
  const f1 = tokenF1(ours.text, expectedText);
  oursF1 += f1;
  baselineF1 += tokenF1(htmlToText(baseline?.html ?? ''), expectedText);
  if (ours.method === 'readability') fallbacks++;
  if (f1 < 0.9) below90++;
  if (process.env.BENCH_VERBOSE) console.log(`case=${page.name} f1=${f1.toFixed(3)} confidence=${ours.confidence} method=${ours.method}`);
}
reportBench({
  name: 'extract',
  ours: oursMs,
  baseline: baselineMs,
  unit: 'ms',
  higherIsBetter: false,
  extra: {
    pages: corpus.length,
    ours_f1_mean: oursF1 / corpus.length,
    baseline_f1_mean: baselineF1 / corpus.length,
    fallback_rate: fallbacks / corpus.length,
    ours_pages_below_f1_0_9: below90,
    peak_memory_mib: peakMemoryMiB(),
  },
});
