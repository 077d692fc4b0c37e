/**
 * The order a poll cycle offers its due feeds in (`feeds` come longest due first): every host's
 * longest-due feed, then every host's second, and so on. A host's next feed then comes about one pass
 * over all hosts later, by when its gap (FETCH_HOST_GAP_MS) has usually passed. In a uniform shuffle,
 * once most hosts had just been polled, most of the feeds a cycle had claimed ahead waited out their
 * host's gap while the fetch slots sat idle. Within a wave the hosts with the most due feeds come first:
 * a host of k feeds takes at least k - 1 gaps, so its chain is the one that decides when the cycle can
 * end (longest first, as in list scheduling), and starting it late left the last wave to it alone.
 * Hosts with as many feeds come in a random order, each worker its own; every worker ranks a host's
 * feeds alike (by the database's due order), so the workers go through the same wave together instead
 * of taking each other's next turn on a host.
 */
export function pollOrder<T>(feeds: readonly T[], hostOf: (feed: T) => string, random: () => number): T[] {
  const feedsSeen = new Map<string, number>();
  const ranked = feeds.map((feed) => {
    const host = hostOf(feed);
    const rank = feedsSeen.get(host) ?? 0;
    feedsSeen.set(host, rank + 1);
    return { feed, host, rank };
  });
  // Fisher–Yates, then a stable split into waves and a stable sort of each by its hosts' feed counts.
  for (let index = ranked.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [ranked[index], ranked[other]] = [ranked[other], ranked[index]];
  }
  const waves: Array<typeof ranked> = [];
  for (const item of ranked) (waves[item.rank] ??= []).push(item);
  const mostFeedsFirst = (a: (typeof ranked)[number], b: (typeof ranked)[number]) =>
    feedsSeen.get(b.host)! - feedsSeen.get(a.host)!;
  return waves.flatMap((wave) => wave.sort(mostFeedsFirst).map(({ feed }) => feed));
}
