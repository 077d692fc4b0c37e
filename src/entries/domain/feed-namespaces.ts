/** The namespaces feed readers look in, and the prefixes feeds conventionally give them. */
export const ATOM_10 = 'http://www.w3.org/2005/Atom';
export const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
export const DC = 'http://purl.org/dc/elements/1.1/';
export const DCTERMS = 'http://purl.org/dc/terms/';
export const CONTENT = 'http://purl.org/rss/1.0/modules/content/';
export const XHTML = 'http://www.w3.org/1999/xhtml';
export const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';

/** The namespaces RSS 0.9x/1.0/2.0 and Atom 0.3/1.0 have been published under. */
export const FEED_NAMESPACES = [
  '',
  ATOM_10,
  'http://purl.org/atom/ns#',
  'http://purl.org/rss/1.0/',
  'http://my.netscape.com/rdf/simple/0.9/',
  'http://backend.userland.com/rss',
  'http://backend.userland.com/rss2',
  'http://blogs.law.harvard.edu/tech/rss',
];

/** Prefixes feeds use, often without declaring them (feedparser reads these too). */
export const CONVENTIONAL_PREFIXES: Readonly<Record<string, string>> = {
  atom: ATOM_10,
  content: CONTENT,
  dc: DC,
  dcterms: DCTERMS,
  itunes: ITUNES,
  media: 'http://search.yahoo.com/mrss/',
  rdf: RDF,
  xhtml: XHTML,
};
