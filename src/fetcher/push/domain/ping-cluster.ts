import { pingKey } from './ping-key';

export type ClusterSource = 'feed' | 'self' | 'site' | 'alternate';

export interface ClusterUrl {
  url: string;
  source: ClusterSource;
  refreshedAt: Date;
}

export interface ObservedFeed {
  feedUrl: string;
  selfUrl: string | null;
  siteUrl: string | null;
}

export const SITE_REFRESH_MS = 7 * 24 * 60 * 60_000;

/**
 * A feed's cluster in the ping cache after a fetch: its URL, its `rel=self`, its site, and the feeds
 * the site's page announces. The site's page is fetched again only when the site changed or a week
 * went by (`fetchSite`); otherwise the alternates found last time are kept.
 */
export function planCluster(
  current: readonly ClusterUrl[],
  observed: ObservedFeed,
  now: Date,
): { urls: ClusterUrl[]; fetchSite: boolean } {
  const site = current.find((entry) => entry.source === 'site');
  const fetchSite =
    observed.siteUrl !== null &&
    (!site || site.url !== observed.siteUrl || now.getTime() - site.refreshedAt.getTime() >= SITE_REFRESH_MS);
  const own: ClusterUrl[] = [
    { url: observed.feedUrl, source: 'feed', refreshedAt: now },
    ...(observed.selfUrl ? [{ url: observed.selfUrl, source: 'self' as const, refreshedAt: now }] : []),
    ...(observed.siteUrl
      ? [{ url: observed.siteUrl, source: 'site' as const, refreshedAt: fetchSite ? now : site!.refreshedAt }]
      : []),
  ];
  const alternates =
    fetchSite || !observed.siteUrl ? [] : current.filter((entry) => entry.source === 'alternate');
  return { urls: [...own, ...alternates], fetchSite };
}

/** One row per distinct ping key, the first source winning; URLs that cannot be pinged are left out. */
export function clusterKeys(urls: readonly ClusterUrl[]): Array<ClusterUrl & { key: string }> {
  const byKey = new Map<string, ClusterUrl & { key: string }>();
  for (const entry of urls) {
    const key = pingKey(entry.url);
    if (key !== null && !byKey.has(key)) byKey.set(key, { ...entry, key });
  }
  return [...byKey.values()];
}

/**
 * Whether a planned cluster is what is stored already, so that a routine fetch writes nothing. Only the
 * site's refresh time is read later (to re-read its page weekly); the others' times do not count.
 */
export function isSameCluster(stored: readonly ClusterUrl[], planned: readonly ClusterUrl[]): boolean {
  const signature = (entries: readonly ClusterUrl[]) =>
    entries
      .map(({ url, source, refreshedAt }) =>
        source === 'site' ? `${source} ${url} ${refreshedAt.getTime()}` : `${source} ${url}`,
      )
      .sort()
      .join('\n');
  return signature(stored) === signature(planned);
}
