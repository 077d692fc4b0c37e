/** The one entry shape every feed format is normalised into. */
export interface NormalizedEntry {
  /** The publisher's id (Atom `id`, RSS `guid`, RDF `rdf:about`, JSON Feed `id`), as written. */
  id: string | null;
  /** The entry's page: absolute http(s). */
  link: string | null;
  /** Plain text on one line, whatever markup the feed used: ready for a subject line. */
  title: string | null;
  published: Date | null;
  updated: Date | null;
  /** A person's name (an e-mail address only when the feed gives nothing else). */
  author: string | null;
  /** Plain text on one line, at most about 500 characters: the summary, else the start of the content. */
  summary: string | null;
  /** HTML with absolute URLs: the full content, else the summary's HTML. */
  content: string | null;
  enclosures: Array<{ url: string; type: string | null; length: number | null }>;
  categories: string[];
}

export interface NormalizedFeed {
  /** Plain text on one line. */
  title: string | null;
  /** The site's home page: absolute http(s). */
  siteUrl: string | null;
  /** RSS `<ttl>`: minutes the publisher asks readers to wait between polls. */
  ttlMinutes: number | null;
  entries: NormalizedEntry[];
}
