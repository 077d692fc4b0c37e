/** A file an inbound message carries, as the MIME parser gives it. */
export interface InboundFile {
  filename: string | null;
  contentType: string;
  content: Uint8Array;
}

export interface AttachmentLimits {
  maxCount: number;
  maxBytes: number;
}

/** Why a message's files are refused (the permanent reply says it), or null when they fit the limits. */
export function attachmentRefusal(files: readonly InboundFile[], limits: AttachmentLimits): string | null {
  if (files.length > limits.maxCount)
    return `the message carries ${files.length} files; support accepts at most ${limits.maxCount}`;
  const large = files.find((file) => file.content.byteLength > limits.maxBytes);
  if (large)
    return `the file ${safeFilename(large.filename, large.contentType)} is larger than ${limits.maxBytes} bytes, the most support accepts per file`;
  return null;
}

/**
 * A file name safe to show and to send back in Content-Disposition: no path, no control characters or
 * quotes, at most 200 characters; a name for nameless parts (an inline screenshot) from its type.
 */
export function safeFilename(name: string | null, contentType: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f"<>|:*?]+/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 200);
  if (base) return base;
  const subtype = /^[a-z]+\/([a-z0-9.+-]+)/i.exec(contentType)?.[1]?.toLowerCase();
  return `attachment${subtype && subtype.length <= 10 ? `.${subtype.replace(/\+.*$/, '')}` : ''}`;
}

/** A declared type as stored: lower case, without parameters, `application/octet-stream` when unreadable. */
export function declaredType(contentType: string): string {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type)
    ? type.slice(0, 255)
    : 'application/octet-stream';
}
