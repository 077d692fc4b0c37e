import { FeedParseError } from './feed-parse-error';
import { FeedReader } from './feed-reader';
import { NormalizedFeed } from './normalized-entry';
import { readXmlTree } from './xml-tree';

/**
 * RSS 0.9x, 1.0 (RDF) and 2.0, and Atom 0.3 and 1.0, read from one namespace-aware tree (any document,
 * however sloppy): the channel and the items found in it, then read by the shared `FeedReader`.
 */
export function parseXmlFeed(xml: string, feedUrl: string | null): NormalizedFeed {
  const { root, firstError } = readXmlTree(xml, feedUrl);
  const isAtom = root.local === 'feed';
  if (!isAtom && root.local !== 'rss' && root.local !== 'RDF' && root.local !== 'channel') {
    throw new FeedParseError(`the document is <${root.local}>, not RSS, RDF or Atom`);
  }
  const reader = new FeedReader(root.uri, isAtom, feedUrl);
  const rootChildren = reader.children(root);
  const channel = isAtom || root.local === 'channel' ? root : rootChildren.first('channel');
  const containers = channel === root ? [root] : [channel, root];
  const items = containers.flatMap((container) =>
    (container ? reader.children(container).elements : []).filter(
      (child) =>
        reader.isCore(child) && (child.local === 'item' || child.local === 'entry') && child.isComplete,
    ),
  );
  if (!root.isComplete && items.length === 0) {
    throw new FeedParseError(
      `the document ends before its last element is closed (${firstError ?? 'truncated'})`,
    );
  }
  return reader.feed(channel, items);
}
