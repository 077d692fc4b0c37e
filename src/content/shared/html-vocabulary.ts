/** Which elements and attributes survive the email sanitiser: an allow-list, everything else goes. */

export const VOID_ELEMENTS: ReadonlySet<string> = new Set(
  words('area base br col embed hr img input keygen link meta param source track wbr frame'),
);

/** Dropped together with everything inside them: executable, interactive, or a known XSS carrier. */
export const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set(
  words(
    'script style template noscript svg math object applet iframe frameset noembed noframes title textarea select button datalist canvas dialog xmp',
  ),
);

const GLOBAL_ATTRIBUTES = ['title', 'lang', 'dir'];

const ELEMENT_ATTRIBUTES: Record<string, string[]> = {
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  video: ['src', 'poster', 'width', 'height'],
  audio: ['src'],
  source: ['src', 'type'],
  track: ['src', 'kind', 'srclang', 'label'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
  time: ['datetime'],
  ol: ['start', 'type', 'reversed'],
  ul: ['type'],
  li: ['value'],
  table: ['border', 'cellpadding', 'cellspacing', 'summary'],
  td: ['colspan', 'rowspan', 'align', 'valign'],
  th: ['colspan', 'rowspan', 'align', 'valign', 'scope'],
  col: ['span'],
  colgroup: ['span'],
  details: ['open'],
  abbr: [],
};

const KEPT_ELEMENTS = [
  ...Object.keys(ELEMENT_ATTRIBUTES),
  ...words(
    'address article aside b bdi bdo big br caption center cite code dd dfn div dl dt em figcaption figure footer h1 h2 h3 h4 h5 h6 header hr i kbd main mark nav p pre rp rt ruby s samp section small span strike strong sub summary sup tbody tfoot thead tr tt u var wbr',
  ),
];

export const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'poster', 'cite']);

const allowedAttributes = new Map<string, ReadonlySet<string>>(
  KEPT_ELEMENTS.map((tag) => [tag, new Set([...GLOBAL_ATTRIBUTES, ...(ELEMENT_ATTRIBUTES[tag] ?? [])])]),
);

/** Attributes a kept element may carry, or undefined when the element itself is not kept. */
export function allowedAttributesOf(tagName: string): ReadonlySet<string> | undefined {
  return allowedAttributes.get(tagName);
}

function words(list: string): string[] {
  return list.split(' ');
}
