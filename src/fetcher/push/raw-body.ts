import { IncomingMessage } from 'node:http';
import { ValidationError } from '../../common/errors';

/**
 * The request's exact bytes (signatures are computed over them): those Nest kept (`rawBody: true`)
 * when a JSON or form parser ran, otherwise read here from the untouched stream, up to `limit` bytes.
 */
export async function readRawBody(
  request: IncomingMessage & { rawBody?: Buffer },
  limit: number,
): Promise<Buffer> {
  if (Buffer.isBuffer(request.rawBody)) {
    if (request.rawBody.length > limit) throw new ValidationError(`the body exceeds ${limit} bytes`);
    return request.rawBody;
  }
  if (request.readableEnded) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      request.resume();
      throw new ValidationError(`the body exceeds ${limit} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
