import { FeedParseError, parseFeed } from '../../../src/entries/domain/parse-feed';
import { FOLDERS, loadFeedparserCases } from '../../support/feedparser/feedparser-cases';
import {
  passRate,
  scoreByFolder,
  scoreParser,
  type CaseResult,
} from '../../support/feedparser/score-feedparser';

/**
 * Tidings over the test feeds of Python's feedparser (test/fixtures/feedparser), each `Expect:` line
 * translated into the fields Tidings keeps (test/support/feedparser/translate-expectation.ts). Where
 * Tidings reads a case differently on purpose, the case is listed here with the reason; any other
 * difference fails. `npm run bench -- feeds` prints the same figures beside rss-parser's and a peer's.
 */
const DELIBERATE_DIFFERENCES: Record<string, string> = {
  'encoding/bozo_linenoise.xml':
    'one stray byte in a UTF-8 feed: feedparser reads the whole feed as windows-1252 (mojibake), Tidings only that byte',
  'wellformed/atom/entry_updated_multiple_values.xml':
    'two <updated>: feedparser keeps the last, Tidings the first, as for every other field',
  'wellformed/base/feed_link_xml_base_iri.xml':
    "the feed's only link is rel=self; Tidings keeps the site's link only",
  'wellformed/base/http_entry_id_base_docuri.xml':
    'a relative Atom id: Tidings keeps ids as written (an id resolved against a moved feed would re-send every entry)',
  'wellformed/rss/item_description_not_a_doctype.xml':
    "`<!' …>` in HTML is a comment to the HTML standard's parser; feedparser's sanitizer shows it as text",
  'wellformed/rss/item_description_not_a_doctype2.xml':
    "`<!DOCTYPE` in HTML is a doctype to the HTML standard's parser; feedparser shows it as text",
};
/** Documents Tidings refuses, with the reason it gives. */
const REFUSED: Record<string, RegExp> = {
  'wellformed/base/cdf_item_abstract_xml_base.xml': /<CHANNEL>, not RSS, RDF or Atom/,
};

describe("feedparser's test feeds, read by Tidings", () => {
  let results: CaseResult[];

  beforeAll(async () => {
    const cases = loadFeedparserCases();
    results = await scoreParser(
      cases,
      (source) => parseFeed(source.bytes, { feedUrl: source.url, contentType: source.contentType }),
      (error) => error instanceof FeedParseError,
    );
  });

  it('reads every case that concerns a field Tidings keeps as feedparser does, but for the deliberate differences', () => {
    const failing = results.filter((result) => result.isKept && !result.passed);
    expect(failing.map((result) => result.path).sort()).toEqual(Object.keys(DELIBERATE_DIFFERENCES).sort());
    expect(results.filter((result) => result.isKept).length).toBeGreaterThan(400);
  });

  it('parses every other case, or refuses it with a FeedParseError that says why; nothing crashes', () => {
    expect(results.filter((result) => result.outcome === 'crashed')).toEqual([]);
    const refused = results.filter((result) => !result.isKept && !result.passed);
    expect(Object.fromEntries(refused.map((result) => [result.path, result.reason]))).toEqual(
      Object.fromEntries(
        Object.entries(REFUSED).map(([path, reason]) => [path, expect.stringMatching(reason)]),
      ),
    );
  });

  it.each(FOLDERS)('passes at least 95%% of the kept cases of %s', (folder) => {
    const score = scoreByFolder(results).find((candidate) => candidate.folder === folder)!;
    expect(passRate(score)).toBeGreaterThanOrEqual(0.95);
  });
});
