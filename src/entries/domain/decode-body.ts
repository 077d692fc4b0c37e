import iconv from 'iconv-lite';

// Loaded on first use: few feeds need their charset detected, and every parse thread would pay for it.
const loadDetector = () => require('jschardet') as typeof import('jschardet');

/**
 * Turns a feed's bytes into text, as RFC 7303 and the WHATWG Encoding standard read XML: the byte-order
 * mark wins, then a UTF-16/32 byte pattern, then the Content-Type charset, then the XML declaration;
 * labels mean what browsers take them to mean (`iso-8859-1` and `us-ascii` are windows-1252). A feed that
 * declares nothing is UTF-8 when its bytes are, else its charset is detected (chardet's method, as
 * feedparser does) — Shift_JIS, Big5, KOI8-R… are not UTF-8 with errors. Bytes that are not UTF-8 in a
 * feed declared UTF-8 are read as windows-1252 one by one, not replaced.
 */
export function decodeBody(body: Buffer, contentType: string | undefined): string {
  const bom = fromBom(body);
  const bytes = bom ? body.subarray(bom.length) : body;
  const declared =
    bom?.encoding ??
    fromBytePattern(body) ??
    knownLabel(fromContentType(contentType)) ??
    asciiCompatible(knownLabel(fromXmlDeclaration(body)));
  if (declared && declared !== 'utf-8') return decodeAs(bytes, declared);
  const utf8 = strictUtf8(bytes);
  if (utf8 !== null) return utf8;
  return declared ? mixedUtf8(bytes) : decodeAs(bytes, detected(bytes) ?? 'windows-1252');
}

function fromBom(body: Buffer): { encoding: string; length: number } | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (body[0] === 0x00 && body[1] === 0x00 && body[2] === 0xfe && body[3] === 0xff)
    return { encoding: 'utf-32be', length: 4 };
  if (body[0] === 0xff && body[1] === 0xfe && body[2] === 0x00 && body[3] === 0x00)
    return { encoding: 'utf-32le', length: 4 };
  if (body[0] === 0xff && body[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (body[0] === 0xfe && body[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** `<` (and `?`) written in UTF-16 or UTF-32 without a byte-order mark (XML 1.0 appendix F). */
function fromBytePattern(body: Buffer): string | null {
  const head = body.subarray(0, 4).toString('hex');
  if (head === '0000003c') return 'utf-32be';
  if (head === '3c000000') return 'utf-32le';
  if (head.startsWith('003c')) return 'utf-16be';
  if (head.startsWith('3c00')) return 'utf-16le';
  return null;
}

function fromContentType(contentType: string | undefined): string | null {
  return /;\s*charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ?? null;
}

function fromXmlDeclaration(body: Buffer): string | null {
  const head = body.subarray(0, 512).toString('latin1');
  return /^\s*<\?xml[^>]*\sencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1] ?? null;
}

/** The encoding a label names, as the WHATWG standard maps labels; labels only iconv knows (UTF-32, EBCDIC…) as iconv names them. */
function knownLabel(label: string | null): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    const name = label
      .toLowerCase()
      .replace(/^(u16|utf_16)$/, 'utf-16')
      .replace(/^utf_32$/, 'utf-32');
    return iconv.encodingExists(name) ? name : null;
  }
}

/** A declaration read in ASCII cannot be UTF-16 or UTF-32: such a document is UTF-8 mislabelled (as browsers read it). */
function asciiCompatible(encoding: string | null): string | null {
  return encoding && /^utf-(16|32)/.test(encoding) ? 'utf-8' : encoding;
}

/**
 * iconv-lite decodes; Node's TextDecoder only names (its windows-1252 drops 0x80–0x9F, the curly quotes).
 * WHATWG's `gbk` is decoded as its superset GB18030, as the standard does.
 */
function decodeAs(body: Buffer, encoding: string): string {
  const name = encoding === 'gbk' ? 'gb18030' : encoding;
  return iconv.encodingExists(name)
    ? iconv.decode(body, name, { stripBOM: false })
    : new TextDecoder(name).decode(body);
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function strictUtf8(body: Buffer): string | null {
  try {
    return strictDecoder.decode(body);
  } catch {
    return null;
  }
}

/** jschardet's guess over the first 64 KB, if it has one. */
function detected(body: Buffer): string | null {
  return knownLabel(loadDetector().detect(body.subarray(0, 65_536)).encoding);
}

/** UTF-8 where the bytes are UTF-8, windows-1252 for each byte that is not. */
function mixedUtf8(body: Buffer): string {
  let text = '';
  let start = 0;
  let index = 0;
  while (index < body.length) {
    const length = utf8SequenceLength(body, index);
    if (length > 0) {
      index += length;
      continue;
    }
    text +=
      body.toString('utf8', start, index) + iconv.decode(body.subarray(index, index + 1), 'windows-1252');
    start = index += 1;
  }
  return text + body.toString('utf8', start);
}

/** The length of the well-formed UTF-8 sequence at `index`, or 0 if there is none. */
function utf8SequenceLength(body: Buffer, index: number): number {
  const byte = body[index];
  if (byte < 0x80) return 1;
  const length =
    byte >= 0xc2 && byte <= 0xdf
      ? 2
      : byte >= 0xe0 && byte <= 0xef
        ? 3
        : byte >= 0xf0 && byte <= 0xf4
          ? 4
          : 0;
  if (length === 0 || index + length > body.length) return 0;
  for (let next = index + 1; next < index + length; next++) if ((body[next] & 0xc0) !== 0x80) return 0;
  return strictUtf8(body.subarray(index, index + length)) === null ? 0 : length;
}
