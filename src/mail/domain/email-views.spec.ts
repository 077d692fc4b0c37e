import { entryTitle, excerpt, feedName, subjectLine } from './email-views';

const feed = { id: 'f', title: null, url: 'https://blog.example/feed', siteUrl: null };

describe('email views', () => {
  it('fall back from missing titles to URLs', () => {
    expect(feedName(feed)).toBe('https://blog.example/feed');
    expect(feedName({ ...feed, title: '  Spaced\n out  ' })).toBe('Spaced out');
    const entry = { title: ' ', link: 'https://blog.example/a', author: null, published: null, html: '' };
    expect(entryTitle(entry)).toBe('https://blog.example/a');
    expect(entryTitle({ ...entry, link: null })).toBe('New post');
  });

  it('make one-line subjects and word-boundary excerpts', () => {
    expect(subjectLine('a\r\nBcc: x@evil.example')).toBe('a Bcc: x@evil.example');
    expect(subjectLine('x'.repeat(400))).toHaveLength(250);
    expect(excerpt('one two three four', 9)).toBe('one two…');
    expect(excerpt('   ', 9)).toBeNull();
    expect(excerpt('short', 9)).toBe('short');
  });
});
