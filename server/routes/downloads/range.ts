/**
 * The one Range form bundle downloads honour: a single `bytes=` range (RFC 9110 §14). Several ranges,
 * or a header that does not parse, are ignored and the whole file is sent, which the RFC allows; only a
 * well-formed range that starts past the end is unsatisfiable (416).
 */

/** What to send for a request's Range header. */
export type RangePlan =
  | { readonly kind: 'full' }
  | { readonly kind: 'partial'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/** Interprets a Range `header` ('' = none) for a file of `size` bytes. `end` is inclusive. */
export function planRange(header: string, size: number): RangePlan {
  if (header === '') return { kind: 'full' };
  const match = SINGLE.exec(header.trim());
  if (match === null) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/**
 * Whether a Range may be honoured given `If-Range` ('' = none): only when it names the current strong ETag. A date
 * (we send no Last-Modified) or another tag means "the file changed": send all of it.
 */
export function ifRangeAllows(ifRange: string, etag: string): boolean {
  return ifRange === '' || ifRange.trim() === etag;
}
