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
interface Measured {
  ms: number;
  f1: number;
}

function measure(extractText: (html: string) => string, expectedText: string, html: string): Measured {
  const start = process.hrtime.bigint();
  const text = extractText(html);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, f1: tokenF1(text, expectedText) };
}

// Warm both paths up (module loading, JIT) on one page so that neither pays for it in the timings.
extractArticle(corpus[0].source, CORPUS_PAGE_URL, { minConfidence: 1 });
extractWithReadability(corpus[0].source, CORPUS_PAGE_URL);

const expectedTexts = corpus.map((page) => htmlToText(page.expectedHtml));
let fallbacks = 0;
// Ours over every page first, so that the peak memory measured in between is ours alone.
const ours = corpus.map((page, index) =>
  measure(
    (html) => {
      const article = extractArticle(html, CORPUS_PAGE_URL);
      if (article.method === 'readability') fallbacks++;
      return article.text;
    },
    expectedTexts[index],
    page.source,
  ),
);
const oursPeakMemory = peakMemoryMiB();
const baseline = corpus.map((page, index) =>
  measure(
    (html) => htmlToText(extractWithReadability(html, CORPUS_PAGE_URL)?.html ?? ''),
    expectedTexts[index],
    page.source,
  ),
);
const total = (results: Measured[], key: keyof Measured) =>
  results.reduce((sum, result) => sum + result[key], 0);
reportBench({
  name: 'extract',
  ours: total(ours, 'ms'),
  baseline: total(baseline, 'ms'),
  unit: 'ms',
  higherIsBetter: false,
  extra: {
    pages: corpus.length,
    ours_f1_mean: total(ours, 'f1') / corpus.length,
    baseline_f1_mean: total(baseline, 'f1') / corpus.length,
    ours_pages_below_f1_0_9: ours.filter((result) => result.f1 < 0.9).length,
    fallback_rate: fallbacks / corpus.length,
    ours_peak_memory_mib: oursPeakMemory,
    peak_memory_mib_with_baseline: peakMemoryMiB(),
  },
});
