import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTidings } from '../support/cli';
import { FeedServer } from '../support/feed-server';

const page = `<html><head><title>A long read</title></head><body><nav>Home · About · Archive</nav><article>
${Array.from({ length: 6 }, (_, i) => `<p>Part ${i + 1} of a long read, written in full sentences, with commas, and enough words to be an article.</p>`).join('')}
<p><a href="/next">Next part</a></p></article><script>alert(1)</script></body></html>`;

describe('tidings extract and rewrite', () => {
  let site: FeedServer;
  let directory: string;
  let file: string;

  beforeAll(async () => {
    site = await new FeedServer().start();
    site.set('/read', { headers: { 'content-type': 'text/html; charset=utf-8' }, body: page });
    directory = mkdtempSync(join(tmpdir(), 'tidings-extract-'));
    file = join(directory, 'page.html');
    writeFileSync(file, page);
  });

  afterAll(async () => {
    await site.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('prints the article text of a FILE, links resolved against --base-url', async () => {
    const result = await runTidings(
      ['extract', file, '--base-url', 'https://news.example/a/', '--format', 'text'],
      {},
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Part 1 of a long read');
    expect(result.stdout).toContain('Part 6 of a long read');
    expect(result.stdout).toContain('https://news.example/next');
    expect(result.stdout).not.toMatch(/Home · About|alert\(1\)/);
  });

  it('fetches a URL through the safe client and prints JSON', async () => {
    const result = await runTidings(['extract', site.url('/read'), '--format', 'json'], {});
    expect(result.code).toBe(0);
    const article = JSON.parse(result.stdout);
    expect(article).toMatchObject({
      title: 'A long read',
      method: expect.stringMatching(/stream|readability/),
    });
    expect(article.html).toContain(`href="${site.url('/next')}"`);
  });

  it('refuses a private address unless FETCH_ALLOW_PRIVATE is set, without connecting', async () => {
    const before = site.requests.length;
    const result = await runTidings(['extract', site.url('/read')], { FETCH_ALLOW_PRIVATE: 'false' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .*(private|loopback|not allowed|refused)/i);
    expect(site.requests.length).toBe(before);
  });

  it('rewrites a FILE for email', async () => {
    const result = await runTidings(['rewrite', file, '--base-url', 'https://news.example/a/'], {});
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('href="https://news.example/next"');
    expect(result.stdout).not.toContain('<script');
  });

  it.each([
    [['extract', '/no/such/page.html'], /^error: cannot read \/no\/such\/page.html: no such file/],
    [['extract', 'x.html', '--format', 'pdf'], /^error: --format must be one of html, text, json/],
  ])('tidings %j fails with one clear line', async (args, message) => {
    const result = await runTidings(args, {});
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  });
});
