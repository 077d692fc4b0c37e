import { emailHtmlToText } from './html-to-text';

describe('emailHtmlToText', () => {
  it('keeps every link with its URL and puts blocks on their own lines', () => {
    const text = emailHtmlToText(
      '<h1>Hello &amp; welcome</h1><p>Read <a href="https://a.example/x?y=1&amp;z=2">the post</a>.</p>' +
        '<ul><li>one</li><li><a href="https://b.example/">https://b.example/</a></li></ul>',
    );
    expect(text).toBe(
      'Hello & welcome\n\nRead the post <https://a.example/x?y=1&z=2>.\n\n- one\n- https://b.example/\n',
    );
  });

  it('drops head, styles, scripts, comments and hidden preview text', () => {
    const text = emailHtmlToText(
      '<html><head><title>T</title><style>p{color:red}</style></head><body>' +
        '<div style="display:none;max-height:0">preview &#847;&zwnj;</div><!-- note --><script>x()</script>' +
        '<p>Body<br/>line two</p><img src="x.png" alt="A chart"></body></html>',
    );
    expect(text).toBe('Body\nline two\nA chart\n');
  });

  it('survives hostile and broken markup', () => {
    expect(emailHtmlToText('<p>a < b &#0; &#xFFFFFFF; &bogus; <a href=javascript:alert(1)>x</a>')).toBe(
      'a < b &bogus; x\n',
    );
    expect(emailHtmlToText('<div><div><p>'.repeat(1000) + 'deep')).toContain('deep');
    expect(emailHtmlToText('')).toBe('\n');
  });
});
