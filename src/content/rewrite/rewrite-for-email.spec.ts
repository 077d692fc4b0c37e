import { rewriteForEmail } from './rewrite-for-email';
import { nestingProblems } from '../../../test/support/nesting-problems';

const ENTRY = 'http://blog.example/posts/1.html';
const rewrite = (html: string, options = {}) => rewriteForEmail(html, ENTRY, options);

describe('rewriteForEmail: allow-list', () => {
  it('keeps allowed elements and the text of unknown ones, without their tags', () => {
    expect(rewrite('<p>Hello <custom-tag>world</custom-tag> <b>bold</b></p>')).toBe(
      '<p>Hello world <b>bold</b></p>',
    );
  });

  it('drops script, style, template, noscript, svg, math and forms controls with their content', () => {
    const html =
      '<p>a</p><script>bad()</script><style>p{}</style><template><p>t</p></template><noscript><img src=x></noscript>' +
      '<svg><text>s</text></svg><math><mi>m</mi></math><select><option>o</option></select><textarea>x</textarea><p>b</p>';
    expect(rewrite(html)).toBe('<p>a</p><p>b</p>');
  });

  it('unwraps forms and drops inputs, meta, link, base, object, embed and applet', () => {
    const html =
      '<form action="/x"><p>Text<input name=q></p></form><meta http-equiv="refresh" content="0;url=http://evil"><link rel=stylesheet href=a.css><base href="http://evil/"><object data=x>o</object><embed src=x><applet>a</applet>';
    expect(rewrite(html)).toBe('<p>Text</p>');
  });

  it('keeps only allow-listed attributes, dropping class, id, style and event handlers', () => {
    expect(rewrite('<p class="x" id="y" style="color:red" onclick="go()" title="t" lang="en">p</p>')).toBe(
      '<p title="t" lang="en">p</p>',
    );
  });

  it('decodes attributes when reading and encodes them when writing', () => {
    expect(rewrite('<abbr title="&quot;R&amp;D&quot; &lt;x&gt;">R&amp;D</abbr>')).toBe(
      '<abbr title="&quot;R&amp;D&quot; &lt;x&gt;">R&amp;D</abbr>',
    );
  });
});

describe('rewriteForEmail: URLs', () => {
  it('makes href, src and cite absolute against the entry URL', () => {
    expect(rewrite('<a href="../about?a=1&amp;b=2">a</a><blockquote cite="/q">q</blockquote>')).toBe(
      '<a href="http://blog.example/about?a=1&amp;b=2">a</a><blockquote cite="http://blog.example/q">q</blockquote>',
    );
  });

  it('resolves against the xml:base option when given', () => {
    expect(rewrite('<a href="x">x</a>', { xmlBase: 'http://cdn.example/base/' })).toBe(
      '<a href="http://cdn.example/base/x">x</a>',
    );
  });

  it('keeps mailto links and drops other schemes', () => {
    expect(rewrite('<a href="mailto:a@b.c">m</a><a href="ftp://x/">f</a>')).toBe(
      '<a href="mailto:a@b.c">m</a><a>f</a>',
    );
  });
});

describe('rewriteForEmail: images', () => {
  it('promotes lazy-loading attributes over placeholder sources', () => {
    const html = '<img src="data:image/gif;base64,R0lGOD" data-src="/big.jpg" alt="A">';
    expect(rewrite(html)).toBe(
      '<img src="http://blog.example/big.jpg" alt="A" style="max-width:100%;height:auto">',
    );
  });

  it('reduces srcset and picture to one source no wider than twice the column', () => {
    const picture =
      '<picture><source srcset="/s-400.jpg 400w, /s-1000.jpg 1000w, /s-3000.jpg 3000w"><img alt=""></picture>';
    expect(rewrite(picture)).toContain('src="http://blog.example/s-1000.jpg"');
    expect(rewrite('<img srcset="/a.jpg 1x, /b.jpg 2x, /c.jpg 3x">')).toContain(
      'src="http://blog.example/b.jpg"',
    );
  });

  it('caps an image to the column by its width alone, and marks one without alt text as skippable', () => {
    expect(rewrite('<img src="/w.jpg" width="1200" height="800">')).toBe(
      '<img src="http://blog.example/w.jpg" alt="" width="600" style="max-width:100%;height:auto">',
    );
    expect(rewrite('<img src="/s.jpg" alt="A map" width="300" height="200">')).toBe(
      '<img src="http://blog.example/s.jpg" alt="A map" width="300" style="max-width:100%;height:auto">',
    );
  });

  it('removes data: images, 1x1 pixels and known trackers', () => {
    const html =
      '<img src="data:image/png;base64,AAAA"><img src="/p.gif" width="1" height="1">' +
      '<img src="http://feeds.feedburner.com/~r/blog/~4/abc"><img src="https://pixel.wp.com/g.gif?x=1">' +
      '<img src="https://stats.wordpress.com/b.gif"><img src="https://ad.doubleclick.net/x.gif"><p>kept</p>';
    expect(rewrite(html)).toBe('<p>kept</p>');
  });
});

describe('rewriteForEmail: embeds and media', () => {
  it('turns a YouTube iframe into a linked thumbnail with a play caption', () => {
    const html = rewrite('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0"></iframe>');
    expect(html).toContain('<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">');
    expect(html).toContain('src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
    expect(html).toContain('▶ Play video on YouTube');
    expect(html).not.toContain('<iframe');
  });

  it('turns a Vimeo iframe into a link and any other iframe into a link naming the site', () => {
    expect(rewrite('<iframe src="https://player.vimeo.com/video/76979871"></iframe>')).toBe(
      '<a href="https://vimeo.com/76979871">▶ Play video on Vimeo</a>',
    );
    expect(rewrite('<iframe src="//www.codepen.io/embed/x">fallback</iframe>')).toBe(
      '<a href="http://www.codepen.io/embed/x">Embedded content from codepen.io</a>',
    );
  });

  it('gives video and audio controls, and a fallback only when they have none', () => {
    expect(rewrite('<video src="/v.mp4" poster="/p.jpg"></video>')).toBe(
      '<video controls="" src="http://blog.example/v.mp4" poster="http://blog.example/p.jpg">' +
        '<a href="http://blog.example/v.mp4"><img src="http://blog.example/p.jpg" alt="Play video" width="480" style="max-width:100%;height:auto"></a></video>',
    );
    expect(rewrite('<audio><source src="/a.mp3" type="audio/mpeg"></audio>')).toBe(
      '<audio controls=""><a href="http://blog.example/a.mp3">▶ Play audio</a></audio>',
    );
    expect(rewrite('<video src="/v.mp4"><a href="/v.mp4">Download</a></video>')).toBe(
      '<video controls="" src="http://blog.example/v.mp4"><a href="http://blog.example/v.mp4">Download</a></video>',
    );
  });
});

describe('rewriteForEmail: structure and size', () => {
  it('closes what it opened and applies the basic tag-omission rules', () => {
    const html = rewrite(
      '<ul><li>one<li>two</ul><p>para<div>block</div><table><tr><td>1<td>2<tr><td>3</table><b><i>x',
    );
    expect(html).toBe(
      '<ul><li>one</li><li>two</li></ul><p>para</p><div>block</div>' +
        '<table><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></table><b><i>x</i></b>',
    );
    expect(nestingProblems(html)).toEqual([]);
  });

  it('ignores stray end tags instead of making them worse', () => {
    expect(rewrite('</div><p>a</span></p></p>')).toBe('<p>a</p>');
  });

  it('cuts at an element boundary within maxBytes and links to the rest', () => {
    const html = '<div>' + '<p>A paragraph of some length, repeated.</p>'.repeat(200) + '</div>';
    const output = rewrite(html, { maxBytes: 2000 });
    expect(Buffer.byteLength(output)).toBeLessThanOrEqual(2000);
    expect(output).toMatch(
      /<\/p><\/div><p><a href="http:\/\/blog\.example\/posts\/1\.html">Continue reading →<\/a><\/p>$/,
    );
    expect(nestingProblems(output)).toEqual([]);
  });

  it('spends no budget on indentation: whitespace runs collapse outside pre, where they render as one space', () => {
    const cell = '\n' + ' '.repeat(60) + '<td>\t\t</td>';
    const layout = `<table><tr>${cell.repeat(40)}</tr></table>`;
    const html =
      layout.repeat(10) + '<p>The  article,\r\n   after its   layout.</p><pre>  code\n    indented</pre>';
    const output = rewrite(html, { maxBytes: 6000 });
    expect(output).toContain('<p>The article,\nafter its layout.</p><pre>  code\n    indented</pre>');
    expect(output).not.toContain('Continue reading');
  });

  it('leaves content within the budget untouched by the cut', () => {
    expect(rewrite('<p>short</p>', { maxBytes: 1000 })).toBe('<p>short</p>');
  });
});
