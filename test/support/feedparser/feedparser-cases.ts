import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** The fixtures copied from feedparser's test suite (see test/fixtures/feedparser/README.md). */
export const FEEDPARSER_FIXTURES = join(projectRoot(__dirname), 'test', 'fixtures', 'feedparser');

/** The folder holding package.json above `folder` (this file also runs compiled, from dist/). */
function projectRoot(folder: string): string {
  return existsSync(join(folder, 'package.json')) ? folder : projectRoot(dirname(folder));
}

/** The folders reported one by one, in the order of the report. */
export const FOLDERS = [
  'rss',
  'atom',
  'atom10',
  'rdf',
  'base',
  'amp',
  'lang',
  'namespace',
  'node_precedence',
  'encoding',
  'illformed',
] as const;
export type Folder = (typeof FOLDERS)[number];

export interface FeedparserCase {
  /** Path under the fixtures folder, e.g. `wellformed/atom/entry_title.xml`. */
  path: string;
  folder: Folder;
  bytes: Buffer;
  description: string;
  expect: string;
  headers: Record<string, string>;
  /** Where feedparser's test server serves the case: the URL the feed was fetched from. */
  url: string;
  contentType: string | undefined;
}

const DESCRIPTION = /Description:\s*(.*?)\s*Expect:\s*(.*)\s*-->/;
const HEADER = /^Header:\s+([^:]+):(.*)$/gm;

/** Every case, each with its `Expect:` line, headers and URL as feedparser's harness reads them. */
export function loadFeedparserCases(root = FEEDPARSER_FIXTURES): FeedparserCase[] {
  return xmlFiles(root).map((file) => {
    const path = relative(root, file).split(sep).join('/');
    const bytes = readFileSync(file);
    const text = headerText(bytes);
    const [, description, expect] = DESCRIPTION.exec(text) ?? [];
    if (expect === undefined) throw new Error(`${path}: no Expect: line`);
    const headers: Record<string, string> = {};
    for (const [, name, value] of text.matchAll(HEADER)) headers[name.toLowerCase()] = value.trim();
    const isHttp = path.includes('http');
    return {
      path,
      folder: folderOf(path),
      bytes,
      description,
      expect: expect.trim(),
      headers,
      url: `http://127.0.0.1:8097/tests/${path}`,
      contentType: isHttp ? (headers['content-type'] ?? 'text/xml') : undefined,
    };
  });
}

function folderOf(path: string): Folder {
  const [top, sub] = path.split('/');
  const folder = top === 'wellformed' ? sub : top;
  if (!(FOLDERS as readonly string[]).includes(folder)) throw new Error(`${path}: unknown folder`);
  return folder as Folder;
}

function xmlFiles(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return xmlFiles(path);
      return name.endsWith('.xml') ? [path] : [];
    });
}

/** The text of a case as feedparser's harness reads it: by byte-order mark or UTF-16/32 pattern, else UTF-8. */
function headerText(bytes: Buffer): string {
  const head = bytes.subarray(0, 4).toString('hex');
  const utf32 = (littleEndian: boolean) => {
    const units: number[] = [];
    for (let index = 0; index + 4 <= bytes.length; index += 4) {
      units.push(littleEndian ? bytes.readUInt32LE(index) : bytes.readUInt32BE(index));
    }
    return String.fromCodePoint(...units.filter((unit) => unit <= 0x10ffff));
  };
  if (head === '0000feff' || head === '0000003c') return utf32(false);
  if (head === 'fffe0000' || head === '3c000000') return utf32(true);
  if (head === '003c003f' || (head.startsWith('feff') && !head.endsWith('0000'))) {
    return Buffer.from(bytes.subarray(0, bytes.length & ~1))
      .swap16()
      .toString('utf16le');
  }
  if (head === '3c003f00' || head.startsWith('fffe')) return bytes.toString('utf16le');
  return bytes.toString('utf8');
}
