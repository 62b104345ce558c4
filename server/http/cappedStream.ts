/** A request body as a stream that fails once it passes a byte limit, or when the client aborts. */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { PayloadTooLargeError, ValidationError } from '../domain/errors.js';

/**
 * Wraps `req` so that reading past `limit` bytes throws a 413, and a body cut short by the client throws
 * instead of looking like a complete (shorter) file.
 */
export function cappedStream(req: IncomingMessage, limit: number): Readable {
  async function* read(): AsyncGenerator<Buffer> {
    let total = 0;
    for await (const chunk of req) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      total += buffer.length;
      if (total > limit) throw PayloadTooLargeError(limit);
      yield buffer;
    }
    if (!req.complete) throw ValidationError('The request body was cut short', ['body: the upload did not complete']);
  }
  return Readable.from(read(), { objectMode: false });
}
