import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

describe('the tidings/content library entry', () => {
  it('exposes rewriteForEmail, htmlToText and extractArticle to other programs, with types', () => {
    const script = `
      const content = require('tidings/content');
      const html = content.rewriteForEmail('<p onclick="x()">Hi <a href="/a">a</a><script>x()</script></p>', 'https://blog.example/post');
      const article = content.extractArticle('<article>' + '<p>A sentence, with words, repeated for length.</p>'.repeat(12) + '</article>', 'https://blog.example/post');
      console.log(JSON.stringify({ html, text: content.htmlToText(html), title: typeof article.title, confidence: typeof article.confidence, articleText: article.text.slice(0, 20) }));
    `;
    const root = join(__dirname, '..', '..');
    const output = JSON.parse(
      execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' }),
    );
    expect(output.html).toContain('href="https://blog.example/a"');
    expect(output.html).not.toMatch(/onclick|<script/);
    expect(output.text).toContain('Hi');
    expect(output).toMatchObject({ confidence: 'number', articleText: 'A sentence, with wor' });
    expect(require('../../package.json').exports['./content'].types).toBe('./dist/src/content/index.d.ts');
  });
});
