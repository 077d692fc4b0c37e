import { clusterKeys, ClusterUrl, isSameCluster, planCluster, SITE_REFRESH_MS } from './ping-cluster';

const now = new Date('2026-11-22T10:00:00Z');
const earlier = new Date(now.getTime() - 60_000);
const observed = {
  feedUrl: 'https://blog.example/feed.xml',
  selfUrl: 'https://blog.example/feed',
  siteUrl: 'https://blog.example/',
};
const known: ClusterUrl[] = [
  { url: observed.feedUrl, source: 'feed', refreshedAt: earlier },
  { url: observed.siteUrl, source: 'site', refreshedAt: earlier },
  { url: 'https://blog.example/comments.xml', source: 'alternate', refreshedAt: earlier },
];

describe('planCluster', () => {
  it('fetches the site page the first time', () => {
    const plan = planCluster([], observed, now);
    expect(plan.fetchSite).toBe(true);
    expect(plan.urls.map((entry) => entry.source)).toEqual(['feed', 'self', 'site']);
  });

  it('keeps the alternates found last time while the site is fresh', () => {
    const plan = planCluster(known, observed, now);
    expect(plan.fetchSite).toBe(false);
    expect(plan.urls).toContainEqual(known[2]);
    expect(plan.urls.find((entry) => entry.source === 'site')?.refreshedAt).toEqual(earlier);
  });

  it('fetches the site page again after a week or when the site changed', () => {
    expect(planCluster(known, observed, new Date(earlier.getTime() + SITE_REFRESH_MS)).fetchSite).toBe(true);
    const moved = planCluster(known, { ...observed, siteUrl: 'https://new.example/' }, now);
    expect(moved.fetchSite).toBe(true);
    expect(moved.urls.some((entry) => entry.source === 'alternate')).toBe(false);
  });

  it('drops site and alternates when the feed names no site', () => {
    const plan = planCluster(known, { ...observed, selfUrl: null, siteUrl: null }, now);
    expect(plan).toEqual({
      urls: [{ url: observed.feedUrl, source: 'feed', refreshedAt: now }],
      fetchSite: false,
    });
  });
});

describe('clusterKeys', () => {
  it('keeps one row per ping key, the first source winning, and skips what cannot be pinged', () => {
    const rows = clusterKeys([
      { url: 'https://blog.example/feed', source: 'feed', refreshedAt: now },
      { url: 'http://blog.example/feed/', source: 'self', refreshedAt: now },
      { url: 'mailto:x@example.com', source: 'site', refreshedAt: now },
    ]);
    expect(rows).toEqual([
      { url: 'https://blog.example/feed', source: 'feed', refreshedAt: now, key: 'blog.example/feed' },
    ]);
  });
});

describe('isSameCluster', () => {
  const stored: ClusterUrl[] = [
    { url: observed.feedUrl, source: 'feed', refreshedAt: earlier },
    { url: observed.siteUrl, source: 'site', refreshedAt: earlier },
  ];

  it('ignores the refresh times of the feed and self URLs, in any order', () => {
    const planned: ClusterUrl[] = [
      { url: observed.siteUrl, source: 'site', refreshedAt: earlier },
      { url: observed.feedUrl, source: 'feed', refreshedAt: now },
    ];
    expect(isSameCluster(stored, planned)).toBe(true);
  });

  it('sees a new URL, a changed source and a re-read site page', () => {
    const renewedSite: ClusterUrl[] = [stored[0], { ...stored[1], refreshedAt: now }];
    expect(isSameCluster(stored, renewedSite)).toBe(false);
    expect(
      isSameCluster(stored, [...stored, { url: observed.selfUrl, source: 'self', refreshedAt: now }]),
    ).toBe(false);
    expect(isSameCluster(stored, [stored[0], { ...stored[1], source: 'alternate' }])).toBe(false);
  });
});
