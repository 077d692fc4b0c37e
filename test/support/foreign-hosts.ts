import { parse } from 'parse5';

type Node = {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  value?: string;
};

/** Attributes that make a mail client or a browser fetch something by themselves (links `<a>` do not). */
const FETCHING_ATTRIBUTES = new Set(['src', 'srcset', 'poster', 'background', 'data', 'lowsrc', 'dynsrc']);
const CSS_URL = /url\(\s*['"]?([^'")\s]+)|@import\s+['"]([^'"]+)/gi;

/**
 * The hosts a page makes its reader's client contact on its own: stylesheets, fonts, scripts, images,
 * frames, CSS `url()` and `@import` (also inside `srcdoc` frames), minus `allowed`. Relative URLs are
 * the page's own host and pass.
 */
export function foreignHosts(html: string, allowed: readonly string[]): string[] {
  const urls: string[] = [];
  const visit = (node: Node) => {
    const attributes = new Map((node.attrs ?? []).map(({ name, value }) => [name, value]));
    for (const [name, value] of attributes) {
      if (FETCHING_ATTRIBUTES.has(name))
        urls.push(...value.split(',').map((part) => part.trim().split(/\s+/)[0]));
      if (name === 'style') urls.push(...cssUrls(value));
      if (name === 'srcdoc') urls.push(...foreignHosts(value, []).map((host) => `https://${host}/`));
    }
    if (node.nodeName === 'link' && attributes.has('href')) urls.push(attributes.get('href')!);
    if (node.nodeName === 'style')
      urls.push(...cssUrls((node.childNodes ?? []).map((child) => child.value ?? '').join('')));
    for (const child of node.childNodes ?? []) visit(child);
    if (node.nodeName === 'template') visit((node as unknown as { content: Node }).content);
  };
  visit(parse(html) as unknown as Node);
  const hosts = urls.flatMap((url) =>
    /^(https?:)?\/\//i.test(url) ? [new URL(url, 'https://x/').host] : [],
  );
  return [...new Set(hosts)].filter((host) => !allowed.includes(host)).sort();
}

function cssUrls(css: string): string[] {
  return [...css.matchAll(CSS_URL)].map((match) => match[1] ?? match[2]);
}
