import { opmlImportSummary } from './opml-import-summary';

describe('opmlImportSummary', () => {
  const counts = { added: 0, alreadySubscribed: 0, rejected: 0, isTruncated: false };

  it('agrees each count with its number', () => {
    expect(opmlImportSummary({ ...counts, added: 1, alreadySubscribed: 1 })).toBe(
      'Imported 1 new feed; 1 was already in your list.',
    );
    expect(opmlImportSummary({ ...counts, added: 3, alreadySubscribed: 2, rejected: 2 })).toBe(
      'Imported 3 new feeds; 2 were already in your list; 2 were not http(s) addresses and were left out.',
    );
    expect(opmlImportSummary({ ...counts, rejected: 1 })).toBe(
      'Imported 0 new feeds; 1 was not an http(s) address and was left out.',
    );
  });

  it('says when the file was cut at 10,000 feeds', () => {
    expect(opmlImportSummary({ ...counts, added: 10_000, isTruncated: true })).toBe(
      'Imported 10000 new feeds. The file had more than 10,000 feeds: the rest were left out.',
    );
  });
});
