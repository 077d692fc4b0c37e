import { parse, serialize } from 'parse5';

interface Node {
  nodeName: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
}

type Rule = 'this' | 'this-and-after';

/**
 * How mail clients mark the email a reply quotes: Gmail's `gmail_quote` block, Apple Mail's and
 * Thunderbird's `<blockquote type="cite">` (after Thunderbird's `moz-cite-prefix` line), Yahoo's
 * `yahoo_quoted`, and Outlook's header block (`divRplyFwdMsg`, `x_divRplyFwdMsg` in Outlook on the web,
 * after an `appendonsend` marker), which the quoted email follows as siblings.
 */
function quoteRule(node: Node): Rule | null {
  const attribute = (name: string) => node.attrs?.find((attr) => attr.name === name)?.value ?? '';
  const classes = attribute('class').split(/\s+/);
  const id = attribute('id');
  if (/(^|_)divRplyFwdMsg$/.test(id) || id === 'appendonsend' || classes.includes('moz-cite-prefix'))
    return 'this-and-after';
  if (classes.some((name) => name.startsWith('gmail_quote') || name === 'yahoo_quoted')) return 'this';
  if (node.nodeName === 'blockquote' && attribute('type').toLowerCase() === 'cite') return 'this';
  return null;
}

/** The HTML of a reply without the email it quotes, as the reader's mail client marked it. */
export function withoutQuotedHtml(html: string): string {
  const document = parse(html) as unknown as Node;
  prune(document);
  return serialize(document as never);
}

/** Removes quote blocks below `node`; true when what follows `node` in its parent is quoted too. */
function prune(node: Node): boolean {
  const children = node.childNodes ?? [];
  for (let index = 0; index < children.length; index += 1) {
    const rule = quoteRule(children[index]);
    if (rule === 'this-and-after' || (rule === null && prune(children[index]))) {
      children.splice(rule === null ? index + 1 : index);
      return true;
    }
    if (rule === 'this') children.splice(index--, 1);
  }
  return false;
}
