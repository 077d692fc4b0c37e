import { DigestSection, EntryForEmail } from '../../mail/email-models';
import {
  composeDigest,
  DIGEST_HTML_BUDGET,
  ENTRIES_PER_FEED,
  ENTRY_HTML_BUDGET,
  newestForSection,
} from './compose-digest';
import { burstTitle, isBurst, BURST_THRESHOLD } from './burst';

function entry(title: string, published: string | null, html = `<p>${title}</p>`): EntryForEmail {
  return { title, link: null, author: null, published: published ? new Date(published) : null, html };
}

function section(title: string | null, entries: EntryForEmail[]): DigestSection {
  return {
    feed: { id: title ?? 'x', title, url: `https://${title ?? 'untitled'}.example/feed`, siteUrl: null },
    subscriptionId: `s-${title}`,
    entries,
    headlines: [],
  };
}

describe('composeDigest', () => {
  it('orders feeds by name and entries newest first, leaving out empty feeds', () => {
    const digest = composeDigest([
      section('zebra news', [entry('Z1', '2026-11-20T00:00:00Z')]),
      section('Empty', []),
      section('alpha', [entry('A-old', '2026-11-18T00:00:00Z'), entry('A-new', '2026-11-21T00:00:00Z')]),
      section(null, [entry('undated', null)]),
    ]);
    expect(digest.map((s) => s.feed.title)).toEqual(['alpha', null, 'zebra news']);
    expect(digest[0].entries.map((e) => e.title)).toEqual(['A-new', 'A-old']);
  });

  it('caps each feed’s excerpts and lists the rest by headline, newest first', () => {
    const many = Array.from({ length: ENTRIES_PER_FEED + 7 }, (_, i) =>
      entry(`post ${i}`, new Date(Date.UTC(2026, 10, 1, i)).toISOString()),
    );
    const [capped] = composeDigest([section('busy', many)]);
    expect(capped.entries).toHaveLength(ENTRIES_PER_FEED);
    expect(capped.entries[0].title).toBe(`post ${ENTRIES_PER_FEED + 6}`);
    expect(capped.headlines.map((headline) => headline.title)).toEqual(
      Array.from({ length: 7 }, (_, i) => `post ${6 - i}`),
    );
  });

  it('shows a long entry as an escaped plain-text excerpt', () => {
    const long = `<p>${'<b>word</b> '.repeat(ENTRY_HTML_BUDGET)}&lt;end&gt;</p>`;
    const [only] = composeDigest([section('long', [entry('Long', null, long)])]);
    expect(only.entries[0].html.length).toBeLessThan(1000);
    expect(only.entries[0].html).toMatch(/^<p>word word word .*…<\/p>$/);
    expect(only.entries[0].html).not.toContain('<b>');
  });

  it('keeps the whole digest within its budget, one entry per feed at least', () => {
    const big = (i: number) => entry(`big ${i}`, null, `<p>${'x'.repeat(ENTRY_HTML_BUDGET - 10)}</p>`);
    const feeds = Array.from({ length: 60 }, (_, f) =>
      section(`feed ${String(f).padStart(2, '0')}`, [big(1), big(2), big(3)]),
    );
    const digest = composeDigest(feeds);
    const total = digest.reduce((sum, s) => sum + s.entries.reduce((n, e) => n + e.html.length, 0), 0);
    expect(digest).toHaveLength(60);
    expect(digest.every((s) => s.entries.length >= 1 && s.entries.length + s.headlines.length === 3)).toBe(
      true,
    );
    expect(total).toBeLessThanOrEqual(DIGEST_HTML_BUDGET + 60 * ENTRY_HTML_BUDGET);
    expect(digest.at(-1)!.entries).toHaveLength(1);
  });
});

describe('newestForSection', () => {
  it('keeps the newest ENTRIES_PER_FEED, undated last, and lists the rest by headline', () => {
    const entries = Array.from({ length: ENTRIES_PER_FEED + 2 }, (_, i) => ({
      id: i,
      title: `post ${i}`,
      link: `https://blog.example/${i}`,
      publishedAt: i === 0 ? null : new Date(Date.UTC(2026, 10, i)),
    }));
    const { shown, headlines } = newestForSection(entries);
    expect(shown.map((entry) => entry.id)).toEqual(
      Array.from({ length: ENTRIES_PER_FEED }, (_, i) => ENTRIES_PER_FEED + 1 - i),
    );
    expect(headlines).toEqual([
      { title: 'post 1', link: 'https://blog.example/1', published: new Date(Date.UTC(2026, 10, 1)) },
      { title: 'post 0', link: 'https://blog.example/0', published: null },
    ]);
    expect(newestForSection(entries.slice(0, 3)).headlines).toEqual([]);
  });
});

describe('burst', () => {
  it('collapses only above the threshold', () => {
    expect(isBurst(BURST_THRESHOLD)).toBe(false);
    expect(isBurst(BURST_THRESHOLD + 1)).toBe(true);
    expect(burstTitle(12, 'Example Blog')).toBe('12 new posts from Example Blog');
  });
});
