import { emailHtmlToText } from './html-to-text';

describe('emailHtmlToText', () => {
  it('keeps every link with its URL', () => {
    const text = emailHtmlToText(
      '<h1>Hello &amp; welcome</h1><p>Read <a href="https://a.example/x?y=1&amp;z=2">the post</a>.</p>',
    );
    expect(text).toContain('Hello & welcome');
    expect(text).toContain('https://a.example/x?y=1&z=2');
  });

  it("drops the head and the layout's hidden preview text", () => {
    const text = emailHtmlToText(
      '<html><head><title>T</title><style>p{color:red}</style></head><body>' +
        '<div style="display:none;max-height:0">preview &#847;&zwnj;</div><!-- note --><script>x()</script>' +
        '<p>Body</p></body></html>',
    );
    expect(text.trim()).toBe('Body');
  });
});

describe('emailHtmlToText on a whole document', () => {
  it('reads it from <body> on and a fragment whole, with the same result as reading everything', () => {
    const document =
      '<!doctype html><html><head><title>T</title><style>p{color:red}</style></head>' +
      '<body class="x"><p>Body <a href="https://a.example/">link</a></p></body></html>';
    expect(emailHtmlToText(document)).toBe('Body link (https://a.example/)');
    expect(emailHtmlToText('<p>Before</p><body><p>After</p></body>')).toBe('Before\n\nAfter');
  });
});
