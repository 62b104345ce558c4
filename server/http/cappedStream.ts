/** A request body as a stream that fails once it passes a byte limit, or when the client aborts. */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { PayloadTooLargeError, ValidationError } from '../errors.js';

/**
 * Wraps `req` so that reading past `limit` bytes throws a 413, and a body cut short by the client throws
 * instead of looking like a complete (shorter) file.
 */
export function cappedStream(req: IncomingMessage, limit: number): Readable {
  const cutShort = () => ValidationError('The request body was cut short', ['body: the upload did not complete']);
  async function* read(): AsyncGenerator<Buffer> {
    let total = 0;
    const chunks = req[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = await chunks.next();
      } catch (error) {
        // Node reports a client that went away mid-body as an `aborted` error: the client's doing, not ours.
        if (!req.complete) throw cutShort();
        throw error;
      }
      if (next.done === true) break;
      const buffer = Buffer.isBuffer(next.value) ? next.value : Buffer.from(String(next.value));
      total += buffer.length;
      if (total > limit) throw PayloadTooLargeError(limit);
      yield buffer;
    }
    if (!req.complete) throw cutShort();
  }
  return Readable.from(read(), { objectMode: false });
}
