import { dedupVerdict, effectivePublished, FeedMemory, isReissuedNewer } from './dedup-rules';
import { entryIdentityHashes, titleDateHash } from './entry-identity';

const DAY = 86_400_000;
const now = new Date('2026-11-22T10:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const memory = (overrides: Partial<FeedMemory> = {}): FeedMemory => ({
  knownIdentities: new Set(),
  knownTitleDates: new Set(),
  newestPublished: Array.from({ length: 10 }, (_, index) => daysAgo(1 + index * 2)),
  ...overrides,
});
const entry = (published: Date | null, identityHash = 'fresh', titleDate: string | null = null) => ({
  identityHash,
  titleDateHash: titleDate,
  published,
});

describe('dedupVerdict', () => {
  it('knows an entry by its identity, dated or not', () => {
    expect(
      dedupVerdict(entry(daysAgo(900), 'seen'), memory({ knownIdentities: new Set(['seen']) }), now),
    ).toBe('known');
  });

  it('treats the same title and published date as the same entry, whatever its new ID', () => {
    expect(
      dedupVerdict(entry(daysAgo(1), 'new-id', 'td'), memory({ knownTitleDates: new Set(['td']) }), now),
    ).toBe('same-title-and-date');
  });

  it('ignores an entry older than a year', () => {
    expect(dedupVerdict(entry(daysAgo(366)), memory({ newestPublished: [] }), now)).toBe('older-than-a-year');
  });

  it('ignores an entry older than the tenth newest known one', () => {
    expect(dedupVerdict(entry(daysAgo(19.5)), memory(), now)).toBe('older-than-tenth-newest');
  });

  it('ignores an entry more than a week older than the newest known one', () => {
    expect(dedupVerdict(entry(daysAgo(9)), memory({ newestPublished: [daysAgo(1)] }), now)).toBe(
      'week-older-than-newest',
    );
  });

  it('delivers a backdated new post within the rules, an undated one, and a future-dated one', () => {
    expect(dedupVerdict(entry(daysAgo(5)), memory(), now)).toBe('new');
    expect(dedupVerdict(entry(null), memory(), now)).toBe('new');
    expect(dedupVerdict(entry(new Date('2030-01-01T00:00:00Z')), memory(), now)).toBe('new');
  });

  it('delivers anything plausible on a feed with no history', () => {
    expect(dedupVerdict(entry(daysAgo(200)), memory({ newestPublished: [] }), now)).toBe('new');
  });
});

describe('effectivePublished', () => {
  it('falls back from published to updated to first seen, and distrusts the future', () => {
    expect(effectivePublished({ published: daysAgo(2), updated: daysAgo(1) }, now)).toEqual(daysAgo(2));
    expect(effectivePublished({ published: null, updated: daysAgo(1) }, now)).toEqual(daysAgo(1));
    expect(effectivePublished({ published: null, updated: null }, now)).toEqual(now);
    expect(effectivePublished({ published: new Date('2099-01-01T00:00:00Z'), updated: null }, now)).toEqual(
      now,
    );
  });
});

describe('isReissuedNewer', () => {
  const stored = { publishedAt: daysAgo(3), updatedAt: daysAgo(2) };

  it('sees a newer updated or published date as a re-issue', () => {
    expect(isReissuedNewer(stored, { published: daysAgo(3), updated: daysAgo(1) }, now)).toBe(true);
    expect(isReissuedNewer(stored, { published: daysAgo(1), updated: null }, now)).toBe(true);
    expect(
      isReissuedNewer(
        { publishedAt: daysAgo(3), updatedAt: null },
        { published: null, updated: daysAgo(2) },
        now,
      ),
    ).toBe(true);
  });

  it('ignores the same or older dates, missing ones and dates in the future', () => {
    expect(isReissuedNewer(stored, { published: daysAgo(3), updated: daysAgo(2) }, now)).toBe(false);
    expect(isReissuedNewer(stored, { published: daysAgo(5), updated: daysAgo(4) }, now)).toBe(false);
    expect(isReissuedNewer(stored, { published: null, updated: null }, now)).toBe(false);
    const future = new Date('2099-01-01T00:00:00Z');
    expect(isReissuedNewer(stored, { published: future, updated: future }, now)).toBe(false);
  });
});

describe('entry identity', () => {
  const base = { title: 'T', published: null };
  it('uses the ID, else the link, else title and date', () => {
    const [byId, byLink, byTitle] = entryIdentityHashes([
      { ...base, id: 'a', link: 'https://x/1' },
      { ...base, id: null, link: 'https://x/1' },
      { ...base, id: '  ', link: null },
    ]);
    expect(new Set([byId, byLink, byTitle]).size).toBe(3);
    expect(entryIdentityHashes([{ ...base, id: 'a', link: 'https://x/other' }])[0]).toBe(byId);
  });

  it('tells apart items sharing an ID, the same way on every poll', () => {
    const items = [
      { id: 'dup', link: 'https://x/1', title: 'One', published: null },
      { id: 'dup', link: 'https://x/2', title: 'Two', published: null },
    ];
    const first = entryIdentityHashes(items);
    expect(first[0]).not.toBe(first[1]);
    expect(entryIdentityHashes([...items].reverse())).toEqual([...first].reverse());
  });

  it('hashes title and date only when both exist, ignoring spacing', () => {
    expect(titleDateHash({ title: 'A  post', published: now })).toBe(
      titleDateHash({ title: ' A post ', published: now }),
    );
    expect(titleDateHash({ title: 'A post', published: null })).toBeNull();
    expect(titleDateHash({ title: null, published: now })).toBeNull();
  });
});
