/**
 * Reads the small part of Python that feedparser's `Expect:` lines use: `and`/`or`/`not`, chained `==`
 * and `!=`, subscripts, attributes, calls, and str/int/float/None/tuple/dict literals.
 */
export type PythonNode =
  | { kind: 'name'; name: string }
  | { kind: 'literal'; value: PythonValue }
  | { kind: 'index'; target: PythonNode; key: PythonNode }
  | { kind: 'attribute'; target: PythonNode; name: string }
  | { kind: 'call'; callee: PythonNode; args: PythonNode[] }
  | { kind: 'tuple'; items: PythonNode[] }
  | { kind: 'dict'; entries: Array<[PythonNode, PythonNode]> }
  | { kind: 'not'; operand: PythonNode }
  | { kind: 'and' | 'or'; operands: PythonNode[] }
  | { kind: 'compare'; operands: PythonNode[]; operators: Array<'==' | '!='> };

export type PythonValue = string | number | boolean | null;

type Token = { type: 'name' | 'number' | 'string' | 'op'; text: string; value?: PythonValue };

const TOKEN = /\s*(?:("""|'''|"|')|(\d+\.\d+|\d+)|([A-Za-z_][\w]*)|(==|!=|>=|<=|[()[\]{},.:<>]))/y;

export function parsePython(source: string): PythonNode {
  const tokens = tokenize(source);
  let position = 0;
  const peek = () => tokens[position];
  const isOp = (text: string) => peek()?.type === 'op' && peek()!.text === text;
  const isWord = (text: string) => peek()?.type === 'name' && peek()!.text === text;
  const expect = (text: string) => {
    if (!isOp(text)) throw new SyntaxError(`expected ${text} in ${source}`);
    position++;
  };

  /** `operand (word operand)*`: Python's `and` and `or`. */
  const joined = (word: 'and' | 'or', operand: () => PythonNode) => (): PythonNode => {
    const operands = [operand()];
    while (isWord(word)) {
      position++;
      operands.push(operand());
    }
    return operands.length === 1 ? operands[0] : { kind: word, operands };
  };
  const andExpression = joined('and', () => notExpression());
  const orExpression = joined('or', andExpression);
  const notExpression = (): PythonNode => {
    if (!isWord('not')) return comparison();
    position++;
    return { kind: 'not', operand: notExpression() };
  };
  const comparison = (): PythonNode => {
    const operands = [postfix()];
    const operators: Array<'==' | '!='> = [];
    while (isOp('==') || isOp('!=')) {
      operators.push(tokens[position++].text as '==' | '!=');
      operands.push(postfix());
    }
    return operators.length ? { kind: 'compare', operands, operators } : operands[0];
  };
  const postfix = (): PythonNode => {
    let node = primary();
    for (;;) {
      if (isOp('[')) {
        position++;
        const key = orExpression();
        expect(']');
        node = { kind: 'index', target: node, key };
      } else if (isOp('.')) {
        position++;
        node = { kind: 'attribute', target: node, name: tokens[position++].text };
      } else if (isOp('(')) {
        position++;
        const args = sequence(')');
        node = { kind: 'call', callee: node, args };
      } else return node;
    }
  };
  const sequence = (close: string): PythonNode[] => {
    const items: PythonNode[] = [];
    while (!isOp(close)) {
      items.push(orExpression());
      if (!isOp(close)) expect(',');
    }
    position++;
    return items;
  };
  const primary = (): PythonNode => {
    const token = tokens[position++];
    if (!token) throw new SyntaxError(`unexpected end of ${source}`);
    if (token.type === 'string' || token.type === 'number') return { kind: 'literal', value: token.value! };
    if (token.type === 'name') {
      if (token.text === 'None') return { kind: 'literal', value: null };
      if (token.text === 'True' || token.text === 'False')
        return { kind: 'literal', value: token.text === 'True' };
      return { kind: 'name', name: token.text };
    }
    if (token.text === '(') {
      const items = sequence(')');
      return items.length === 1 ? items[0] : { kind: 'tuple', items };
    }
    if (token.text === '{') {
      const entries: Array<[PythonNode, PythonNode]> = [];
      while (!isOp('}')) {
        const key = orExpression();
        expect(':');
        entries.push([key, orExpression()]);
        if (!isOp('}')) expect(',');
      }
      position++;
      return { kind: 'dict', entries };
    }
    throw new SyntaxError(`unexpected ${token.text} in ${source}`);
  };

  const tree = orExpression();
  if (position !== tokens.length) throw new SyntaxError(`trailing input in ${source}`);
  return tree;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    if (!source.slice(index).trim()) break;
    TOKEN.lastIndex = index;
    const match = TOKEN.exec(source);
    if (!match) throw new SyntaxError(`cannot read ${source.slice(index)}`);
    index = TOKEN.lastIndex;
    if (match[1]) {
      const end = source.indexOf(match[1], index);
      const [raw, next] =
        match[1].length === 1 ? quoted(source, index, match[1]) : [source.slice(index, end), end];
      tokens.push({ type: 'string', text: raw, value: unescape(raw) });
      index = next + match[1].length;
    } else if (match[2]) tokens.push({ type: 'number', text: match[2], value: Number(match[2]) });
    else if (match[3]) tokens.push({ type: 'name', text: match[3] });
    else tokens.push({ type: 'op', text: match[4] });
  }
  return tokens;
}

/** The raw text of a one-quote string starting at `start`, and the index of its closing quote. */
function quoted(source: string, start: number, quote: string): [string, number] {
  for (let index = start; index < source.length; index++) {
    if (source[index] === '\\') index++;
    else if (source[index] === quote) return [source.slice(start, index), index];
  }
  throw new SyntaxError(`unterminated string in ${source}`);
}

function unescape(raw: string): string {
  return raw.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_, escape: string) => {
    if (escape.length > 1) return String.fromCharCode(parseInt(escape.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[escape] ?? escape;
  });
}
