import { escapeMarkup } from '../../../common/escape-markup';
import { SaxesParser } from 'saxes';

/** An XML-RPC call reduced to what pings need: the method and its string parameters. */
export interface MethodCall {
  method: string;
  /** Each parameter's string value, or null when it is not a string (an int, a struct…). */
  params: Array<string | null>;
}

export class XmlRpcError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlRpcError';
  }
}

interface XmlNode {
  name: string;
  children: XmlNode[];
  text: string;
}

const MAX_DEPTH = 16;
const MAX_NODES = 2000;

/**
 * Parses a `<methodCall>` strictly: well-formed XML, no DOCTYPE (so no entity expansion at all), a
 * bounded depth and size. Throws XmlRpcError on anything else.
 */
export function parseMethodCall(xml: string): MethodCall {
  const root = parseTree(xml);
  if (root.name !== 'methodCall') throw new XmlRpcError('expected a methodCall element');
  const method = child(root, 'methodName')?.text.trim();
  if (!method || !/^[A-Za-z0-9_.:/]{1,100}$/.test(method)) throw new XmlRpcError('expected a methodName');
  const params = (child(root, 'params')?.children ?? [])
    .filter((node) => node.name === 'param')
    .map((param) => stringValue(child(param, 'value')));
  return { method, params };
}

export function pingResponse(isError: boolean, message: string): string {
  return methodResponse(
    `<params><param><value><struct>` +
      `<member><name>flerror</name><value><boolean>${isError ? 1 : 0}</boolean></value></member>` +
      `<member><name>message</name><value>${escapeMarkup(message)}</value></member>` +
      `</struct></value></param></params>`,
  );
}

export function faultResponse(code: number, message: string): string {
  return methodResponse(
    `<fault><value><struct>` +
      `<member><name>faultCode</name><value><int>${code}</int></value></member>` +
      `<member><name>faultString</name><value><string>${escapeMarkup(message)}</string></value></member>` +
      `</struct></value></fault>`,
  );
}

function methodResponse(inner: string): string {
  return `<?xml version="1.0"?>\n<methodResponse>${inner}</methodResponse>\n`;
}

function stringValue(value: XmlNode | undefined): string | null {
  if (!value) return null;
  if (value.children.length === 0) return value.text.trim();
  const [typed] = value.children;
  return value.children.length === 1 && typed.name === 'string' && typed.children.length === 0
    ? typed.text.trim()
    : null;
}

function child(node: XmlNode, name: string): XmlNode | undefined {
  return node.children.find((candidate) => candidate.name === name);
}

function parseTree(xml: string): XmlNode {
  const parser = new SaxesParser();
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  let nodes = 0;
  parser.on('error', (error) => {
    throw new XmlRpcError(`malformed XML: ${error.message.split('\n')[0]}`);
  });
  parser.on('doctype', () => {
    throw new XmlRpcError('a DOCTYPE is not allowed');
  });
  parser.on('opentag', (tag) => {
    if (stack.length >= MAX_DEPTH || ++nodes > MAX_NODES) throw new XmlRpcError('the call is too large');
    const node: XmlNode = { name: tag.name, children: [], text: '' };
    if (stack.length) stack[stack.length - 1].children.push(node);
    else root = node;
    stack.push(node);
  });
  const appendText = (text: string) => {
    if (stack.length) stack[stack.length - 1].text += text;
  };
  parser.on('text', appendText);
  parser.on('cdata', appendText);
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  if (!root) throw new XmlRpcError('the body is empty');
  return root;
}
