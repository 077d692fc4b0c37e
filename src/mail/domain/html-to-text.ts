/**
 * The text/plain part of an email, from its HTML: block elements become lines, every link keeps its
 * URL, hidden elements (MJML's preview text) and head/style/script are dropped.
 *
 * A stand-in: the content module's `htmlToText` replaces this at merge. The mail module reaches it only
 * through this file, so the switch is to make this function call (or re-export) that one.
 */
export function emailHtmlToText(html: string): string {
  const output: string[] = [];
  const links: string[] = [];
  let skipDepth = 0;
  const skipStack: string[] = [];
  for (const match of html.matchAll(TOKEN)) {
    const [, comment, closing, rawName, attributes, text] = match;
    if (comment !== undefined) continue;
    if (text !== undefined) {
      if (skipDepth === 0) output.push(decodeEntities(text).replace(/\s+/g, ' '));
      continue;
    }
    const name = rawName.toLowerCase();
    if (closing) {
      if (skipDepth > 0 && skipStack.at(-1) === name) {
        skipStack.pop();
        skipDepth -= 1;
      } else if (skipDepth === 0 && name === 'a') {
        const href = links.pop();
        if (href) output.push(linkSuffix(output, href));
      } else if (skipDepth === 0 && BLOCKS.has(name) && name !== 'li') output.push('\n');
      continue;
    }
    if (skipDepth > 0 || SKIPPED.has(name) || /display\s*:\s*none/i.test(attributes ?? '')) {
      if (!VOID.has(name) && !/\/\s*$/.test(attributes ?? '')) {
        skipStack.push(name);
        skipDepth += 1;
      }
      continue;
    }
    if (name === 'br') output.push('\n');
    else if (name === 'li') output.push('\n- ');
    else if (name === 'img') output.push(decodeEntities(attribute(attributes, 'alt') ?? ''));
    else if (name === 'a') links.push(decodeEntities(attribute(attributes, 'href') ?? ''));
    else if (BLOCKS.has(name)) output.push('\n');
  }
  return tidy(output.join(''));
}

const TOKEN = /<!--([\s\S]*?)-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|([^<]+|<)/g;
const SKIPPED = new Set(['head', 'style', 'script', 'title', 'template']);
const VOID = new Set(['br', 'img', 'hr', 'meta', 'link', 'input', 'col', 'area', 'base', 'source', 'wbr']);
const BLOCKS = new Set(
  'p div h1 h2 h3 h4 h5 h6 ul ol li tr table blockquote pre section article header footer hr'.split(' '),
);

/** ` <url>` after a link's label, unless the label already is the URL. */
function linkSuffix(output: string[], href: string): string {
  const label = output.join('').split('\n').at(-1)?.trim() ?? '';
  if (!/^(https?|mailto):/i.test(href) || label.endsWith(href)) return '';
  return ` <${href}>`;
}

function attribute(attributes: string | undefined, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(
    attributes ?? '',
  );
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  copy: '©',
  zwnj: '',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? entity;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n');
}
