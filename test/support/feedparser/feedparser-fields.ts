import type { NormalizedEntry, NormalizedFeed } from '../../../src/entries/domain/normalized-entry';

/** A path into feedparser's result: `['entries', 0, 'title_detail', 'value']`. */
export type Path = Array<string | number>;
export type Reader = (feed: NormalizedFeed) => unknown;

export type Kind = 'url' | 'links' | 'date' | 'text' | 'html' | 'base' | 'category' | 'exact';

export function kindOf(path: Path): Kind {
  const names = path.filter((segment): segment is string => typeof segment === 'string');
  const last = names.at(-1)!;
  if (names.includes('links')) return 'links';
  if (last === 'link' || (names.includes('enclosures') && (last === 'href' || last === 'url'))) return 'url';
  if (/^(published|updated|modified|issued)(_parsed)?$/.test(last)) return 'date';
  if (names.includes('content') && last === 'base') return 'base';
  if (names.includes('content')) return 'html';
  if (last === 'category') return 'category';
  if (
    [
      'title',
      'title_detail',
      'summary',
      'summary_detail',
      'description',
      'author',
      'author_detail',
      'authors',
    ].some((name) => names.includes(name))
  ) {
    return 'text';
  }
  return 'exact';
}

/** Tidings' field for a feedparser path (`['entries', 0, 'title_detail', 'value']`), or null if not kept. */
export function fieldOf(path: Path): Reader | null {
  const [scope, ...rest] = path;
  if (scope === 'feed') return feedFieldOf(rest);
  if (scope !== 'entries' || typeof rest[0] !== 'number') return null;
  const index = rest[0];
  const read = entryFieldOf(rest.slice(1));
  return read ? (feed) => (feed.entries[index] ? read(feed.entries[index]) : undefined) : null;
}

function feedFieldOf(path: Path): Reader | null {
  const key = path.join('.');
  if (key === 'title' || key === 'title_detail.value') return (feed) => feed.title;
  if (key === 'link' || /^links\.0\.href$/.test(key)) return (feed) => feed.siteUrl;
  if (key === 'ttl') return (feed) => feed.ttlMinutes;
  return null;
}

function entryFieldOf(path: Path): ((entry: NormalizedEntry) => unknown) | null {
  const key = path.join('.');
  switch (key) {
    case 'title':
    case 'title_detail.value':
      return (entry) => entry.title;
    case 'link':
      return (entry) => entry.link;
    case 'id':
    case 'guid':
      return (entry) => entry.id;
    case 'author':
    case 'author_detail.name':
    case 'authors.0.name':
      return (entry) => entry.author;
    case 'summary':
    case 'description':
    case 'summary_detail.value':
      return (entry) => entry.summary;
    case 'content.0.value':
    case 'content.0.base':
      return (entry) => entry.content;
    case 'published':
    case 'published_parsed':
    case 'issued':
    case 'issued_parsed':
      return (entry) => entry.published;
    case 'updated':
    case 'updated_parsed':
    case 'modified':
    case 'modified_parsed':
      return (entry) => entry.updated ?? entry.published;
    case 'category':
      return (entry) => entry.categories;
  }
  const link = /^links\.\d+\.href$/.exec(key);
  if (link) return (entry) => [entry.link, ...entry.enclosures.map((enclosure) => enclosure.url)];
  const enclosure = /^enclosures\.(\d+)\.(href|url|type|length)$/.exec(key);
  if (enclosure) {
    const field = enclosure[2] === 'href' ? 'url' : (enclosure[2] as 'url' | 'type' | 'length');
    return (entry) => entry.enclosures[Number(enclosure[1])]?.[field] ?? null;
  }
  const tag = /^tags\.(\d+)\.term$/.exec(key);
  if (tag) return (entry) => entry.categories[Number(tag[1])] ?? null;
  return null;
}
