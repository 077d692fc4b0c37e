import { Command } from 'commander';
import {
  parseBaseUrl,
  parseFormat,
  registerContentCommands,
  renderExtract,
  renderRewrite,
} from './content-commands';

const PAGE =
  '<html><head><title>T</title></head><body><article>' +
  '<p>A paragraph, long enough, with commas, to be the article of this page, clearly and surely.</p>'.repeat(
    12,
  ) +
  '<script>x()</script></article></body></html>';

describe('content commands', () => {
  it('renders a rewrite with absolute URLs', () => {
    expect(renderRewrite('<a href="/x" onclick="y()">x</a>', 'https://a.example/p')).toBe(
      '<a href="https://a.example/x">x</a>',
    );
  });

  it('renders an extract as html, text or json', () => {
    expect(renderExtract(PAGE, 'https://a.example/p', 'html')).toMatch(/^<article><p>A paragraph/);
    expect(renderExtract(PAGE, 'https://a.example/p', 'text')).toMatch(/^A paragraph/);
    const json = JSON.parse(renderExtract(PAGE, 'https://a.example/p', 'json'));
    expect(Object.keys(json)).toEqual([
      'title',
      'byline',
      'leadImage',
      'confidence',
      'method',
      'html',
      'text',
    ]);
  });

  it('rejects a bad --format and a bad --base-url with clear messages', () => {
    expect(() => parseFormat('pdf')).toThrow('--format must be one of html, text, json, not "pdf"');
    expect(() => parseBaseUrl('not a url', 'f.html')).toThrow('--base-url must be an absolute http(s) URL');
    expect(() => parseBaseUrl('javascript:alert(1)', 'f.html')).toThrow(
      '--base-url must be an absolute http(s) URL',
    );
  });

  it('registers rewrite and extract, refusing missing files and URLs', async () => {
    const program = new Command().exitOverride();
    registerContentCommands(program);
    expect(program.commands.map((command) => command.name())).toEqual(['rewrite', 'extract']);
    await expect(program.parseAsync(['node', 'tidings', 'rewrite', '/no/such/file.html'])).rejects.toThrow(
      'cannot read /no/such/file.html: no such file',
    );
    await expect(program.parseAsync(['node', 'tidings', 'rewrite', 'https://a.example/'])).rejects.toThrow(
      'rewrite takes a FILE, not a URL',
    );
  });
});
