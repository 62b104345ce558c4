/**
 * Opaque keyset cursors for lists ordered `created_at DESC, id DESC` (feedback, export jobs): the
 * position of the last row of a page, bound to a fingerprint of the filters it was issued for and signed
 * with the install's secret, so a tampered cursor, or one re-used with other filters, is refused.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ValidationError } from '../errors.js';

const VERSION = 1;
const MAC_BYTES = 16;

/** The signed payload: `[version, createdAt, id, filter fingerprint]`. */
const PayloadSchema = z.tuple([z.literal(VERSION), z.int(), z.string(), z.string()]);

/** A position in the newest-first order: the next page continues with rows strictly after it. */
export interface CursorPosition {
  /** Epoch ms (as stored; a list may use a sentinel for unknown times). */
  readonly createdAt: number;
  readonly id: string;
}

/** Why a cursor was refused. */
export type CursorProblem = 'invalid' | 'other-filters';

/** What decoding a cursor gives. */
export type DecodedCursor = { ok: true; position: CursorPosition } | { ok: false; problem: CursorProblem };

/**
 * A short, stable fingerprint of everything that selects a list's rows (never `limit`, which may change
 * per page). Each list starts `selection` with something no other list's can start with (feedback: the
 * project id; export jobs: a fixed tag), so a cursor of one list is refused by another.
 */
export function selectionFingerprint(selection: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(selection)).digest('base64url').slice(0, 16);
}

function mac(secret: Buffer, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest().subarray(0, MAC_BYTES);
}

/** Encodes the position after which the next page starts, for the selection with this fingerprint. */
export function encodeKeysetCursor(secret: Buffer, fingerprint: string, position: CursorPosition): string {
  const payload = Buffer.from(JSON.stringify([VERSION, position.createdAt, position.id, fingerprint])).toString(
    'base64url',
  );
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** Decodes a cursor issued by {@link encodeKeysetCursor} for the same fingerprint. */
export function decodeKeysetCursor(secret: Buffer, fingerprint: string, cursor: string): DecodedCursor {
  const invalid = { ok: false, problem: 'invalid' } as const;
  const dot = cursor.indexOf('.');
  if (dot <= 0 || cursor.length > 2048) return invalid;
  const payload = cursor.slice(0, dot);
  // Compare the MAC as text: base64url decoding skips stray characters and ignores the last character's
  // spare bits, so comparing decoded bytes would accept altered cursors.
  const given = Buffer.from(cursor.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  const parsed = PayloadSchema.safeParse(decoded);
  if (!parsed.success) return invalid;
  const [, createdAt, id, signedFingerprint] = parsed.data;
  if (signedFingerprint !== fingerprint) return { ok: false, problem: 'other-filters' };
  return { ok: true, position: { createdAt, id } };
}

/**
 * The position a request's `cursor` continues from, or a 400 saying why it was refused; `filterNames`
 * lists the parameters a client must repeat ("dateFrom, dateTo and status").
 */
export function cursorPosition(
  secret: Buffer,
  fingerprint: string,
  cursor: string,
  filterNames: string,
): CursorPosition {
  const decoded = decodeKeysetCursor(secret, fingerprint, cursor);
  if (decoded.ok) return decoded.position;
  throw ValidationError('Invalid request parameters', [
    decoded.problem === 'invalid'
      ? 'cursor: is not a cursor issued by this server (pass nextCursor from the previous page unchanged)'
      : `cursor: was issued for other filters; repeat the ${filterNames} of the first page`,
  ]);
}

/**
 * One page out of `limit + 1` fetched rows (the extra row only says whether more follow, so there is
 * never a trailing empty page), with the cursor of the next page or null.
 */
export function keysetPage<T>(
  fetched: readonly T[],
  limit: number,
  cursorAfter: (last: T) => string,
): { rows: T[]; nextCursor: string | null; hasMore: boolean } {
  const hasMore = fetched.length > limit;
  const rows = fetched.slice(0, limit);
  const last = rows.at(-1);
  return { rows, nextCursor: hasMore && last !== undefined ? cursorAfter(last) : null, hasMore };
}
