import path from 'node:path';
import { JSDOM, VirtualConsole } from 'jsdom';
import { rewriteForEmail } from '../src/content/rewrite/rewrite-for-email';
import { resolveSafeUrl } from '../src/content/shared/url-safety';
import { CORPUS_PAGE_URL } from '../test/support/readability-pages';
import { loadCorpus } from './support/corpus';
import { peakMemoryMiB, reportBench } from './support/report';

// Ours (one streaming pass) vs the same transforms done on a jsdom DOM, over every corpus page.
const REPETITIONS = 2;
const corpus = loadCorpus(path.join(__dirname, '..', '..'));
const totalBytes = corpus.reduce((sum, page) => sum + Buffer.byteLength(page.source), 0);

const DROPPED =
  'script, style, template, noscript, svg, math, object, embed, applet, form, input, meta, link, base';

function rewriteWithJsdom(html: string, url: string): string {
  const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole() });
  const document = dom.window.document;
  for (const element of document.querySelectorAll(DROPPED)) element.remove();
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      if (/^on/i.test(attribute.name) || attribute.name === 'style') element.removeAttribute(attribute.name);
      else if (['href', 'src', 'poster'].includes(attribute.name)) {
        const absolute = resolveSafeUrl(attribute.value, url);
        if (absolute) element.setAttribute(attribute.name, absolute);
        else element.removeAttribute(attribute.name);
      }
    }
  }
  for (const image of document.querySelectorAll('img')) {
    const lazy = image.getAttribute('data-src') ?? image.getAttribute('data-original');
    const lazyUrl = lazy ? resolveSafeUrl(lazy, url) : undefined;
    if (lazyUrl) image.setAttribute('src', lazyUrl);
    if (image.getAttribute('width') === '1' || /pixel\.wp\.com|feedburner/.test(image.src)) image.remove();
    image.setAttribute('style', 'max-width:100%;height:auto');
  }
  for (const frame of document.querySelectorAll('iframe')) {
    const link = document.createElement('a');
    link.href = resolveSafeUrl(frame.src, url) ?? url;
    link.textContent = `Embedded content from ${link.hostname}`;
    frame.replaceWith(link);
  }
  const output = document.body?.innerHTML ?? '';
  dom.window.close();
  return output;
}

function timeAllPages(rewrite: (html: string, url: string) => string): number {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.hrtime.bigint();
  for (let repetition = 0; repetition < REPETITIONS; repetition++) {
    for (const page of corpus) rewrite(page.source, CORPUS_PAGE_URL);
  }
  return Number(process.hrtime.bigint() - start) / 1e6;
}

// Ours first, so that the peak memory measured in between is ours alone.
const oursMs = timeAllPages(rewriteForEmail);
const oursPeakMemory = peakMemoryMiB();
const baselineMs = timeAllPages(rewriteWithJsdom);
const megabytes = (totalBytes * REPETITIONS) / 1e6;
reportBench({
  name: 'rewrite',
  ours: megabytes / (oursMs / 1000),
  baseline: megabytes / (baselineMs / 1000),
  unit: 'MB/s',
  higherIsBetter: true,
  extra: {
    pages: corpus.length,
    repetitions: REPETITIONS,
    ours_ms_total: oursMs,
    baseline_ms_total: baselineMs,
    ours_peak_memory_mib: oursPeakMemory,
    peak_memory_mib_with_baseline: peakMemoryMiB(),
  },
});
