/** Which version of an entry an extracted article belongs to: the entry's updated, else published, date. */
export function entryVersionDate(entry: { updatedAt: Date | null; publishedAt: Date | null }): Date | null {
  return entry.updatedAt ?? entry.publishedAt;
}

/**
 * Whether an article was extracted for an older version of its entry than the one in hand: the feed
 * re-issued the entry with a newer date, so the page behind it has probably changed. Articles stored
 * without the entry's date are judged by when they were extracted.
 */
export function isArticleStale(
  article: { entryDated: Date | null; extractedAt: Date },
  entry: { updatedAt: Date | null; publishedAt: Date | null },
): boolean {
  const current = entryVersionDate(entry);
  const extractedFor = article.entryDated ?? article.extractedAt;
  return current !== null && current.getTime() > extractedFor.getTime();
}
