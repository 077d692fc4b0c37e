import iconv from 'iconv-lite';

const SNIFF_WINDOW_BYTES = 1024;
const BYTE_ORDER_MARKS: readonly [bytes: number[], encoding: string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xfe, 0xff], 'utf-16be'],
  [[0xff, 0xfe], 'utf-16le'],
];

/**
 * Decodes fetched HTML bytes the way browsers do, in order: byte order mark, charset of the
 * Content-Type header, `<meta charset>` or `http-equiv` in the first 1024 bytes, then UTF-8 — and
 * windows-1252 only when the bytes are not valid UTF-8.
 */
export function decodeHtmlBytes(bytes: Uint8Array, contentTypeHeader?: string): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const [mark, encoding] of BYTE_ORDER_MARKS) {
    if (mark.every((byte, index) => buffer[index] === byte)) {
      return iconv.decode(buffer.subarray(mark.length), encoding);
    }
  }
  const declared = charsetOf(contentTypeHeader ?? '') ?? sniffMetaCharset(buffer);
  if (declared && !/^utf-?8$/i.test(declared) && iconv.encodingExists(declared)) {
    return iconv.decode(buffer, declared);
  }
  return isValidUtf8(buffer) ? buffer.toString('utf8') : iconv.decode(buffer, 'windows-1252');
}

function charsetOf(contentType: string): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
}

function sniffMetaCharset(buffer: Buffer): string | undefined {
  const head = buffer.subarray(0, SNIFF_WINDOW_BYTES).toString('latin1');
  const metaCharset = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  return metaCharset;
}

function isValidUtf8(buffer: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}
