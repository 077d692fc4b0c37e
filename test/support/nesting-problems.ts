import { SAXParser } from 'parse5-sax-parser';
import { VOID_ELEMENTS } from '../../src/content/shared/html-vocabulary';

/**
 * For tests: the problems found when reading `html` as strictly nested markup (an end tag that does
 * not close the innermost open element, or elements left open), empty when it is well-nested.
 */
export function nestingProblems(html: string): string[] {
  const open: string[] = [];
  const problems: string[] = [];
  const parser = new SAXParser();
  parser.on('startTag', ({ tagName, selfClosing }) => {
    if (!VOID_ELEMENTS.has(tagName) && !selfClosing) open.push(tagName);
  });
  parser.on('endTag', ({ tagName }) => {
    const innermost = open.pop();
    if (innermost !== tagName) problems.push(`</${tagName}> closes <${innermost ?? 'nothing'}>`);
  });
  parser.end(html);
  if (open.length > 0) problems.push(`${open.length} elements left open`);
  return problems;
}
