/**
 * The order a poll cycle offers its due feeds in (`feeds` come longest due first): every host's
 * longest-due feed, the hosts in a random order, then every host's second, and so on. A host's next feed
 * then comes about one pass over all hosts later, by when its gap (FETCH_HOST_GAP_MS) has usually passed.
 * In a uniform shuffle, once most hosts had just been polled, most of the feeds a cycle had claimed ahead
 * waited out their host's gap while the fetch slots sat idle. Every worker ranks a host's feeds alike
 * (by the database's due order), so the workers go through the same wave together instead of taking
 * each other's next turn on a host; within a wave each worker has its own random order.
 */
export function pollOrder<T>(feeds: readonly T[], hostOf: (feed: T) => string, random: () => number): T[] {
  const feedsSeen = new Map<string, number>();
  const ranked = feeds.map((feed) => {
    const host = hostOf(feed);
    const rank = feedsSeen.get(host) ?? 0;
    feedsSeen.set(host, rank + 1);
    return { feed, rank };
  });
  // Fisher–Yates, then a stable split into waves: each wave is in a uniformly random order.
  for (let index = ranked.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [ranked[index], ranked[other]] = [ranked[other], ranked[index]];
  }
  const waves: T[][] = [];
  for (const { feed, rank } of ranked) (waves[rank] ??= []).push(feed);
  return waves.flat();
}
