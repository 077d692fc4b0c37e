import iconv from 'iconv-lite';

/**
 * Turns a feed's bytes into text. The byte-order mark wins (RFC 7303), then the charset of the
 * Content-Type header, then the XML declaration's encoding; UTF-8 otherwise. Unknown names fall back to UTF-8.
 */
export function decodeBody(body: Buffer, contentType: string | undefined): string {
  const [encoding, bomLength] = fromBom(body) ?? [
    fromContentType(contentType) ?? fromXmlDeclaration(body),
    0,
  ];
  const known = encoding && iconv.encodingExists(encoding) ? encoding : 'utf-8';
  return iconv.decode(body.subarray(bomLength), known, { stripBOM: true });
}

function fromBom(body: Buffer): [string, number] | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return ['utf-8', 3];
  if (body[0] === 0xff && body[1] === 0xfe) return ['utf-16le', 2];
  if (body[0] === 0xfe && body[1] === 0xff) return ['utf-16be', 2];
  return null;
}

function fromContentType(contentType: string | undefined): string | null {
  return /;\s*charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ?? null;
}

function fromXmlDeclaration(body: Buffer): string | null {
  if (body[0] === 0x3c && body[1] === 0x00) return 'utf-16le';
  if (body[0] === 0x00 && body[1] === 0x3c) return 'utf-16be';
  const head = body.subarray(0, 200).toString('latin1');
  return /^\s*<\?xml[^>]*\sencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1] ?? null;
}
