import { SAXParser } from 'parse5-sax-parser';
import { rewriteForEmail } from './rewrite-for-email';
import { nestingProblems } from '../../../test/support/nesting-problems';

const VECTORS: Record<string, string> = {
  'script element': '<script>alert(1)</script>',
  'event handler on an image': '<img src=x onerror=alert(1)>',
  'event handler in mixed case': '<p OnMouseOver="alert(1)">p</p>',
  'javascript: href': '<a href="javascript:alert(1)">x</a>',
  'javascript: with leading spaces': '<a href="  javascript:alert(1)">x</a>',
  'javascript: in mixed case': '<a href="JaVaScRiPt:alert(1)">x</a>',
  'javascript: with an encoded tab': '<a href="jav&#x09;ascript:alert(1)">x</a>',
  'javascript: with a newline and entities': '<a href="&#106;ava&#x0A;script&colon;alert(1)">x</a>',
  'vbscript: href': '<a href="vbscript:msgbox(1)">x</a>',
  'data: html link': '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  'javascript: image': '<img src="javascript:alert(1)">',
  'svg with script': '<svg><script>alert(1)</script></svg>',
  'svg onload': '<svg onload=alert(1)>',
  'svg animate xlink:href': '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  'mathml link': '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>',
  'style with expression()': '<p style="width: expression(alert(1))">p</p>',
  'style with url(javascript:)': '<div style="background:url(javascript:alert(1))">d</div>',
  'style with -moz-binding': '<div style="-moz-binding:url(http://evil/x.xml#xss)">d</div>',
  'style element': '<style>@import "javascript:alert(1)";</style>',
  'iframe srcdoc': '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  'iframe javascript: src': '<iframe src="javascript:alert(1)"></iframe>',
  'base href': '<base href="javascript:alert(1)//">',
  'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  formaction: '<form><button formaction="javascript:alert(1)">x</button></form>',
  'input formaction': '<input type=submit formaction="javascript:alert(1)">',
  'conditional comment': '<!--[if IE]><script>alert(1)</script><![endif]-->',
  'comment-closing trick': '<!-- --!><script>alert(1)</script> -->',
  'cdata outside foreign content': '<![CDATA[<script>alert(1)</script>]]>',
  'object and embed': '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  'unclosed script': '<p>x</p><script>alert(1)',
  'nested quotes in attribute': '<img src="x" alt="&quot; onerror=&quot;alert(1)">',
  'video poster javascript:': '<video poster="javascript:alert(1)" src="javascript:alert(2)"></video>',
  'noscript breakout': '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  'textarea breakout': '<textarea></textarea><script>alert(1)</script></textarea>',
  'blockquote cite': '<blockquote cite="javascript:alert(1)">q</blockquote>',
};

/** Every attribute of the output as parse5 reads it back, decoded. */
function attributesOf(html: string): { tagName: string; name: string; value: string }[] {
  const found: { tagName: string; name: string; value: string }[] = [];
  const parser = new SAXParser();
  parser.on('startTag', ({ tagName, attrs }) =>
    attrs.forEach(({ name, value }) => found.push({ tagName, name, value })),
  );
  parser.end(html);
  return found;
}

/** Browsers ignore spaces and control characters around and inside a URL's scheme. */
function withoutSpacesOrControls(value: string): string {
  return [...value].filter((character) => character.charCodeAt(0) > 0x20).join('');
}

describe.each(Object.entries(VECTORS))('XSS vector: %s', (_name, vector) => {
  const output = rewriteForEmail(`<p>before</p>${vector}<p>after</p>`, 'http://site.example/post');

  it('leaves nothing executable in the output', () => {
    expect(output).not.toMatch(
      /<(script|style|iframe|object|embed|svg|math|base|meta|link|form|input|button)\b/i,
    );
    for (const { tagName, name, value } of attributesOf(output)) {
      expect(name).not.toMatch(/^on/i);
      expect(name === 'style' && !(tagName === 'img' && value === 'max-width:100%;height:auto')).toBe(false);
      expect(withoutSpacesOrControls(value)).not.toMatch(/^(javascript|vbscript|data):/i);
      expect(['srcdoc', 'formaction', 'xlink:href', 'http-equiv']).not.toContain(name);
    }
    expect(nestingProblems(output)).toEqual([]);
  });
});

it('keeps the text around the vectors', () => {
  expect(rewriteForEmail('<p>before</p><img src=x onerror=alert(1)><p>after</p>', 'http://a.example/')).toBe(
    '<p>before</p><img src="http://a.example/x" alt="" style="max-width:100%;height:auto"><p>after</p>',
  );
});
