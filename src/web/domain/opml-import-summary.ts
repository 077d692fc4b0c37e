/** What an OPML import did, counted as the feeds module reports it. */
export interface OpmlImportCounts {
  added: number;
  alreadySubscribed: number;
  rejected: number;
  isTruncated: boolean;
  /** Feeds added with the default settings: the file's own were not valid. */
  settingsIgnored?: number;
}

/** The import's outcome in one sentence, each count with its own number agreement. */
export function opmlImportSummary(report: OpmlImportCounts): string {
  const feeds = (count: number) => `${count} new ${count === 1 ? 'feed' : 'feeds'}`;
  const parts = [`Imported ${feeds(report.added)}`];
  if (report.alreadySubscribed > 0)
    parts.push(
      `${report.alreadySubscribed} ${report.alreadySubscribed === 1 ? 'was' : 'were'} already in your list`,
    );
  if (report.rejected > 0)
    parts.push(
      `${report.rejected} ${report.rejected === 1 ? 'was not an http(s) address and was' : 'were not http(s) addresses and were'} left out`,
    );
  if (report.settingsIgnored)
    parts.push(
      `${report.settingsIgnored} came with settings Tidings could not use and ${report.settingsIgnored === 1 ? 'has' : 'have'} the default ones`,
    );
  const truncated = report.isTruncated ? ' The file had more than 10,000 feeds: the rest were left out.' : '';
  return `${parts.join('; ')}.${truncated}`;
}
