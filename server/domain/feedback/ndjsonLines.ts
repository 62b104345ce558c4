/**
 * Splitting an NDJSON byte stream into lines with a byte cap per line enforced on the stream itself:
 * readline buffered a line whole before anything could look at its length, so a 1 GB line took 1 GB
 * (or more, as a string) and then failed as a 500. Here a line is refused as soon as it passes the cap.
 */
import type { Readable } from 'node:stream';
import { RecordTooLargeError } from '../../errors.js';

function decode(parts: readonly Buffer[]): string {
  const text = Buffer.concat(parts).toString('utf8');
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

/**
 * The lines of `input` (`\n` or `\r\n` separated, UTF-8; characters split across chunks are joined
 * before decoding), every line including empty ones, so the caller's count is the line number. Throws
 * a 413 naming the line once a line reaches more than `maxLineBytes` bytes, having held at most that.
 */
export async function* ndjsonLines(input: Readable, maxLineBytes: number): AsyncGenerator<string> {
  let parts: Buffer[] = [];
  let length = 0;
  let lineNumber = 0;
  for await (const chunk of input) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    for (let start = 0; start <= buffer.length;) {
      const newline = buffer.indexOf(0x0a, start);
      const end = newline === -1 ? buffer.length : newline;
      length += end - start;
      if (length > maxLineBytes) {
        throw RecordTooLargeError(`Import rejected: line ${lineNumber + 1} is longer than ${maxLineBytes} bytes`, [
          `line ${lineNumber + 1}: longer than ${maxLineBytes} bytes; nothing was imported`,
        ]);
      }
      if (end > start) parts.push(buffer.subarray(start, end));
      if (newline === -1) break;
      lineNumber++;
      yield decode(parts);
      parts = [];
      length = 0;
      start = newline + 1;
    }
  }
  if (length > 0) yield decode(parts);
}
