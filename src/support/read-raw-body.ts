import { IncomingMessage } from 'node:http';
import { MessageTooLargeError } from './support-errors';

/** The request body as bytes, refused with 413 as soon as it passes the limit. */
export function readRawBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) return Promise.reject(tooLarge(maxBytes));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return chunks.push(chunk);
      request.off('data', onData).resume();
      reject(tooLarge(maxBytes));
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

function tooLarge(maxBytes: number): MessageTooLargeError {
  return new MessageTooLargeError(`the message is larger than ${maxBytes} bytes`);
}
