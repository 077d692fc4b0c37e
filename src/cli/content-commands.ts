import { readFileSync } from 'node:fs';
import type { Command } from 'commander';

/** The content pipeline, required when one of these commands runs (not by the program's other commands). */
const content = () => require('../content') as typeof import('../content');

export const EXTRACT_FORMATS = ['html', 'text', 'json'] as const;
export type ExtractFormat = (typeof EXTRACT_FORMATS)[number];

interface BaseUrlOption {
  baseUrl?: string;
}

/** `tidings rewrite FILE` and `tidings extract FILE|URL`: the content pipeline on a page. */
export function registerContentCommands(program: Command): void {
  program
    .command('rewrite')
    .description('print the email-safe rewrite of an HTML file')
    .argument('<file>', 'HTML file to rewrite')
    .option('--base-url <url>', 'URL the HTML came from (without it, relative links are dropped)')
    .action((file: string, options: BaseUrlOption) => {
      process.stdout.write(renderRewrite(readHtmlFile(file), parseBaseUrl(options.baseUrl, file)) + '\n');
    });
  program
    .command('extract')
    .description('print the main article of an HTML page')
    .argument(
      '<source>',
      'HTML file of the page, or its http(s) URL (fetched with the feed fetcher’s safeguards)',
    )
    .option('--base-url <url>', 'URL the page came from (without it, relative links are dropped)')
    .option('--format <format>', `output format: ${EXTRACT_FORMATS.join(', ')}`, 'html')
    .action(async (source: string, options: BaseUrlOption & { format: string }) => {
      const format = parseFormat(options.format);
      const page = /^https?:\/\//i.test(source)
        ? await fetchPage(source)
        : { html: readHtmlFile(source), url: parseBaseUrl(options.baseUrl, source) };
      const baseUrl = options.baseUrl === undefined ? page.url : parseBaseUrl(options.baseUrl, source);
      process.stdout.write(renderExtract(page.html, baseUrl, format) + '\n');
    });
}

export function renderRewrite(html: string, baseUrl: string): string {
  return content().rewriteForEmail(html, baseUrl);
}

export function renderExtract(html: string, baseUrl: string, format: ExtractFormat): string {
  const { extractArticle, htmlToText } = content();
  const article = extractArticle(html, baseUrl);
  if (format === 'html') return article.html;
  // The text an email would carry, link addresses included.
  if (format === 'text') return htmlToText(article.html);
  const { title, byline, leadImage, confidence, method, text } = article;
  const stableFields = { title: title ?? null, byline: byline ?? null, leadImage: leadImage ?? null };
  return JSON.stringify({ ...stableFields, confidence, method, html: article.html, text }, null, 2);
}

export function parseFormat(format: string): ExtractFormat {
  const known = EXTRACT_FORMATS.find((candidate) => candidate === format);
  if (!known) throw new Error(`--format must be one of ${EXTRACT_FORMATS.join(', ')}, not "${format}"`);
  return known;
}

/** The base URL for relative links: the option when given (http or https only), else the file itself. */
export function parseBaseUrl(baseUrl: string | undefined, file: string): string {
  if (baseUrl === undefined)
    return `file://${encodeURI(file.startsWith('/') ? file : `${process.cwd()}/${file}`)}`;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`--base-url must be an absolute http(s) URL, not "${baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--base-url must be an absolute http(s) URL, not "${baseUrl}"`);
  }
  return url.href;
}

async function fetchPage(url: string): Promise<{ html: string; url: string }> {
  const [{ environmentWithEnvFile }, { loadConfig }, { DnsResolver }, { SafeHttpClient }] = await Promise.all(
    [
      import('../config/env-file'),
      import('../config/load-config'),
      import('../http/dns-resolver'),
      import('../http/safe-http-client'),
    ],
  );
  const client = new SafeHttpClient(
    loadConfig(environmentWithEnvFile(process.env, process.cwd())),
    new DnsResolver(),
  );
  try {
    const page = await client.fetch(url, { accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5' });
    if (page.status !== 200) throw new Error(`cannot fetch ${url}: the server answered ${page.status}`);
    const contentType = page.headers['content-type'];
    return {
      html: content().decodeHtmlBytes(page.body, Array.isArray(contentType) ? contentType[0] : contentType),
      url: page.finalUrl,
    };
  } finally {
    await client.onModuleDestroy();
  }
}

function readHtmlFile(file: string): string {
  if (/^https?:\/\//i.test(file)) throw new Error('rewrite takes a FILE, not a URL');
  try {
    return content().decodeHtmlBytes(readFileSync(file));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new Error(
      `cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : String(code ?? 'unreadable')}`,
    );
  }
}
