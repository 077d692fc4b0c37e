import { readHtmlTokens } from './html-tokens';

function tokens(source: string): string[] {
  const seen: string[] = [];
  readHtmlTokens(
    source,
    {
      startTag: ({ tagName, sourceCodeLocation }) =>
        seen.push(`<${tagName}@${sourceCodeLocation?.startOffset}>`),
      endTag: ({ tagName, sourceCodeLocation }) =>
        seen.push(`</${tagName}@${sourceCodeLocation?.endOffset}>`),
      text: ({ text }) => seen.push(JSON.stringify(text)),
    },
    { sourceCodeLocationInfo: true },
  );
  return seen;
}

describe('readHtmlTokens', () => {
  it('joins adjacent text, with source offsets on tags', () => {
    expect(tokens('<p>a &amp; b<!-- c -->d</p>')).toEqual(['<p@0>', '"a & b"', '"d"', '</p@27>']);
  });

  it('reads scripts, styles and titles as text, as a browser does', () => {
    expect(tokens('<script>if (a<b) "</p>"</script><title><b>x</title>')).toEqual([
      '<script@0>',
      '"if (a<b) \\"</p>\\""',
      '</script@32>',
      '<title@32>',
      '"<b>x"',
      '</title@51>',
    ]);
  });

  it('drops the newline that opens a pre, and names SVG elements as SVG does', () => {
    expect(tokens('<pre>\nx</pre><svg><foreignobject></foreignobject></svg>')).toEqual([
      '<pre@0>',
      '"x"',
      '</pre@13>',
      '<svg@13>',
      '<foreignObject@18>',
      '</foreignObject@49>',
      '</svg@55>',
    ]);
  });
});
