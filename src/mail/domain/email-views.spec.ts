import {
  digestView,
  digestViewWithoutExcerpts,
  entryTitle,
  excerpt,
  feedName,
  subjectLine,
} from './email-views';

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

  it('count a digest and give each section its own unsubscribe link', () => {
    const entry = {
      title: 'T',
      link: 'https://blog.example/t',
      author: 'Ada',
      published: new Date('2026-11-21T08:00:00Z'),
      html: '<p>Body <b>text</b></p>',
    };
    const view = digestView(
      {
        dedupKey: 'd',
        to: { userId: 'u', email: 'u@example.com' },
        title: 'Daily',
        sections: [
          { feed, subscriptionId: 's1', entries: [entry], moreCount: 2 },
          { feed, subscriptionId: 's2', entries: [entry], moreCount: 0 },
        ],
      },
      (ids) => `https://t.example/u/${ids.join(',')}`,
    );
    expect(view.summary).toBe('4 new posts from 2 feeds');
    expect(view.sections.map((section) => [section.unsubscribeUrl, section.moreText])).toEqual([
      ['https://t.example/u/s1', '2 more from this feed'],
      ['https://t.example/u/s2', null],
    ]);
    expect(view.sections[0].entries[0]).toEqual({
      title: 'T',
      link: 'https://blog.example/t',
      byline: 'Ada · 21 Nov 2026',
      excerpt: 'Body text',
    });
    const shorter = digestViewWithoutExcerpts(view);
    expect(shorter.sections[0].entries[0]).toMatchObject({ title: 'T', excerpt: null });
    expect(shorter.summary).toBe(view.summary);
  });
});
