import type { DigestEmail, DigestEntry } from '../email-models';
import { digestView, shownEntryCount } from './digest-view';

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
          moreCount: 2,
        },
        { feed: feed(2, null), subscriptionId: 's2', entries: [entry('U')], moreCount: 0 },
      ]),
      unsubscribe,
    );
    expect(view.summary).toBe('4 new posts from 2 feeds');
    expect(view.contents).toBeNull();
    expect(
      view.sections.map((section) => [section.countText, section.unsubscribeUrl, section.moreText]),
    ).toEqual([
      ['3 new posts', 'https://t.example/u/s1', 'and 2 more on Feed 1’s site'],
      ['1 new post', 'https://t.example/u/s2', null],
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
        { feed: feed(1), subscriptionId: 's1', entries: many, moreCount: 0 },
        { feed: feed(2), subscriptionId: 's2', entries: many.slice(0, 2), moreCount: 0 },
      ]),
      unsubscribe,
    );
    expect(two.contents).toEqual([
      { anchor: 'feed-1', label: 'Feed 1', count: '4 new posts' },
      { anchor: 'feed-2', label: 'Feed 2', count: '2 new posts' },
    ]);
    const one = digestView(
      digest([{ feed: feed(1), subscriptionId: 's1', entries: many, moreCount: 8 }]),
      unsubscribe,
    );
    expect(one.contents!.map((item) => item.label)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('trims the longest feeds first, keeping counts and moving the rest to "and N more"', () => {
    const email = digest([
      {
        feed: feed(1),
        subscriptionId: 's1',
        entries: ['a', 'b', 'c', 'd'].map((t) => entry(t)),
        moreCount: 6,
      },
      { feed: feed(2), subscriptionId: 's2', entries: [entry('x')], moreCount: 0 },
      { feed: feed(3), subscriptionId: 's3', entries: ['y', 'z'].map((t) => entry(t)), moreCount: 0 },
    ]);
    expect(shownEntryCount(email)).toBe(7);
    const view = digestView(email, unsubscribe, 4);
    expect(view.sections.map((section) => section.entries.map((e) => e.title))).toEqual([
      ['a', 'b'],
      ['x'],
      ['y'],
    ]);
    expect(view.sections.map((section) => [section.countText, section.moreText])).toEqual([
      ['10 new posts', 'and 8 more on Feed 1’s site'],
      ['1 new post', null],
      ['2 new posts', 'and 1 more on Feed 3’s site'],
    ]);
    expect(digestView(email, unsubscribe, 0).sections.every((section) => section.entries.length === 0)).toBe(
      true,
    );
  });
});
