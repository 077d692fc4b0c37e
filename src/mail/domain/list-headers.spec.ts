import { decodeWords } from 'postal-mime';
import { listHeaders, listLabel, publicFeedUrl } from './list-headers';

const base = {
  listKey: '01KAQZ4V1J',
  domain: 'tidings.example',
  unsubscribeUrl: 'https://t.example/unsubscribe/abc',
  unsubscribeMailto: 'mailto:unsubscribe@tidings.example?subject=unsubscribe%20abc',
};

describe('the List-Id label', () => {
  it.each([
    ['Ars Technica', '"Ars Technica"'],
    ['Example "Blog"', '"Example \\"Blog\\""'],
    ['a\r\nBcc: x@evil', '"a Bcc: x@evil"'],
  ])('quotes an ASCII title: %j', (title, label) => {
    expect(listLabel(title)).toBe(label);
  });

  it.each([
    'Café №5',
    'Süddeutsche Zeitung – Politik',
    '日本経済新聞 電子版 ニュース速報 — すべての記事と解説をここに',
    '🦀 Rust "weekly" \\ news',
    'é'.repeat(200),
  ])('encodes a title that is not ASCII as encoded words a reader decodes back: %j', (title) => {
    const label = listLabel(title);
    for (const line of label.split('\r\n')) {
      expect(line.length).toBeLessThanOrEqual(78);
      expect(line).toMatch(/^ ?=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
    }
    expect(decodeWords(label.replace(/\r\n/g, ''))).toBe(title.slice(0, 200));
  });
});

describe('X-Tidings-Feed', () => {
  it('names the feed of an email about one feed, without the user or password of its URL', () => {
    expect(
      listHeaders({ ...base, listName: 'x', feedUrl: 'https://reader:s3cret@example.com/feed?a=1' }),
    ).toMatchObject({ 'X-Tidings-Feed': 'https://example.com/feed?a=1' });
    expect(listHeaders({ ...base, listName: 'x' })['X-Tidings-Feed']).toBeUndefined();
  });

  it('is ASCII (punycode host, encoded path) and left out past what one header line holds', () => {
    expect(publicFeedUrl('https://bücher.example/feed/ü')).toBe('https://xn--bcher-kva.example/feed/%C3%BC');
    const long = `https://example.com/${'a'.repeat(1000)}`;
    expect(listHeaders({ ...base, listName: 'x', feedUrl: long })['X-Tidings-Feed']).toBeUndefined();
    expect(publicFeedUrl('not a url')).toBeNull();
  });
});
