/** The one entry shape every feed format is normalised into. Links are absolute; content is HTML. */
export interface NormalizedEntry {
  id: string | null;
  link: string | null;
  title: string | null;
  published: Date | null;
  updated: Date | null;
  author: string | null;
  summary: string | null;
  content: string | null;
  enclosures: Array<{ url: string; type: string | null; length: number | null }>;
  categories: string[];
}

export interface NormalizedFeed {
  title: string | null;
  siteUrl: string | null;
  /** RSS `<ttl>`: minutes the publisher asks readers to wait between polls. */
  ttlMinutes: number | null;
  entries: NormalizedEntry[];
}
