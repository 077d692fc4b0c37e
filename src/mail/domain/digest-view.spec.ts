import type { DigestEmail, DigestEntry, DigestHeadline } from '../email-models';
import { digestView, trimSteps } from './digest-view';

const feed = (n: number, siteUrl: string | null = `https://site${n}.example/`) => ({
  id: `f${n}`,
  title: `Feed ${n}`,
  url: `https://site${n}.example/feed`,
  siteUrl,
});
const entry = (title: string, html = '<p>Body <b>text</b>. Second sentence.</p>'): DigestEntry => ({
  title,
  link: `https://blog.example/${title}`,
  author: 'Ada',
  published: new Date('2026-11-21T08:00:00Z'),
  html,
});
const headlines = (count: number, prefix = 'h'): DigestHeadline[] =>
  Array.from({ length: count }, (_, index) => ({
    title: `${prefix}${index + 1}`,
    link: `https://blog.example/${prefix}${index + 1}`,
    published: null,
  }));
const digest = (sections: DigestEmail['sections']): DigestEmail => ({
  dedupKey: 'd',
  to: { userId: 'u', email: 'u@example.com' },
  title: 'Daily',
  sections,
});
const unsubscribe = (ids: string[]) => `https://t.example/u/${ids.join(',')}`;

describe('digestView', () => {
  it('counts each feed, links each section’s unsubscribe and shows whole sentences with "also in"', () => {
    const view = digestView(
      digest([
        {
          feed: feed(1),
          subscriptionId: 's1',
          entries: [{ ...entry('T'), alsoIn: [feed(3)] }],
          headlines: headlines(2),
        },
        { feed: feed(2, null), subscriptionId: 's2', entries: [entry('U')], headlines: [] },
      ]),
      unsubscribe,
    );
    expect(view.summary).toBe('4 new posts from 2 feeds');
    expect(view.contents).toBeNull();
    expect(
      view.sections.map((section) => [section.countText, section.unsubscribeUrl, section.moreText]),
    ).toEqual([
      ['3 new posts', 'https://t.example/u/s1', null],
      ['1 new post', 'https://t.example/u/s2', null],
    ]);
    expect(view.sections[0].headlines).toEqual([
      { title: 'h1', link: 'https://blog.example/h1' },
      { title: 'h2', link: 'https://blog.example/h2' },
    ]);
    expect(view.sections[0].entries[0]).toEqual({
      anchor: 'feed-1-1',
      title: 'T',
      link: 'https://blog.example/T',
      byline: 'Ada · 21 Nov 2026',
      excerpt: 'Body text. Second sentence.',
      alsoIn: 'Also in Feed 3',
    });
  });

  it('opens with a table of contents past five entries: feeds with counts, or one feed’s titles', () => {
    const many = ['a', 'b', 'c', 'd'].map((title) => entry(title));
    const two = digestView(
      digest([
        { feed: feed(1), subscriptionId: 's1', entries: many, headlines: [] },
        { feed: feed(2), subscriptionId: 's2', entries: many.slice(0, 2), headlines: [] },
      ]),
      unsubscribe,
    );
    expect(two.contents).toEqual([
      { anchor: 'feed-1', label: 'Feed 1', count: '4 new posts' },
      { anchor: 'feed-2', label: 'Feed 2', count: '2 new posts' },
    ]);
    const one = digestView(
      digest([{ feed: feed(1), subscriptionId: 's1', entries: many, headlines: headlines(8) }]),
      unsubscribe,
    );
    expect(one.contents!.map((item) => item.label)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('trims excerpts to headlines first, longest feeds first, and only then headlines to "and N more"', () => {
    const email = digest([
      {
        feed: feed(1),
        subscriptionId: 's1',
        entries: ['a', 'b', 'c', 'd'].map((t) => entry(t)),
        headlines: headlines(6),
      },
      { feed: feed(2), subscriptionId: 's2', entries: [entry('x')], headlines: [] },
      { feed: feed(3), subscriptionId: 's3', entries: ['y', 'z'].map((t) => entry(t)), headlines: [] },
    ]);
    expect(trimSteps(email)).toBe(7 + 13);
    const shapes = (trim: number) =>
      digestView(email, unsubscribe, trim).sections.map((section) => [
        section.entries.map((e) => e.title).join(''),
        section.headlines.map((h) => h.title).join(' '),
        section.moreText,
      ]);
    expect(shapes(3)).toEqual([
      ['ab', 'c d h1 h2 h3 h4 h5 h6', null],
      ['x', '', null],
      ['y', 'z', null],
    ]);
    expect(shapes(7 + 9)).toEqual([
      ['', 'a b', 'and 8 more on Feed 1’s site'],
      ['', 'x', null],
      ['', 'y', 'and 1 more on Feed 3’s site'],
    ]);
    const smallest = digestView(email, unsubscribe, trimSteps(email));
    expect(
      smallest.sections.every((section) => section.entries.length + section.headlines.length === 0),
    ).toBe(true);
    expect(smallest.summary).toBe('13 new posts from 3 feeds');
  });
});
