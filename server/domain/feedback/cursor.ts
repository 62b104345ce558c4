/**
 * Opaque pagination cursors: the keyset position of the last entry on a page, bound to the filters it
 * was issued for and signed with the install's secret, so a tampered or re-used cursor is refused.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FeedbackFilter, KeysetPosition } from '../../db/feedback.js';

const VERSION = 1;
const MAC_BYTES = 16;

/** The signed payload: `[version, createdAt, id, filter fingerprint]`. */
const PayloadSchema = z.tuple([z.literal(VERSION), z.int(), z.string(), z.string()]);

/** Why a cursor was refused. */
export type CursorProblem = 'invalid' | 'other-filters';

/** A stable fingerprint of everything that selects entries (not `limit`, which may change per page). */
export function filterFingerprint(filter: FeedbackFilter): string {
  const official = [
    filter.projectId,
    filter.fromMs ?? null,
    filter.toMs ?? null,
    filter.source ?? null,
    filter.statuses === undefined ? null : [...new Set(filter.statuses)].sort(),
  ];
  // The extension filters join only when used, so cursors of official queries keep their fingerprint.
  const extension =
    filter.path === undefined && filter.text === undefined ? [] : [filter.path ?? null, filter.text ?? null];
  const canonical = JSON.stringify([...official, ...extension]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

function mac(secret: Buffer, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest().subarray(0, MAC_BYTES);
}

/** Encodes the position after which the next page starts. */
export function encodeCursor(secret: Buffer, filter: FeedbackFilter, position: KeysetPosition): string {
  const payload = Buffer.from(
    JSON.stringify([VERSION, position.createdAt, position.id, filterFingerprint(filter)]),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** Decodes a cursor issued by {@link encodeCursor} for the same filters. */
export function decodeCursor(
  secret: Buffer,
  filter: FeedbackFilter,
  cursor: string,
): { ok: true; position: KeysetPosition } | { ok: false; problem: CursorProblem } {
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
  const [, createdAt, id, fingerprint] = parsed.data;
  if (fingerprint !== filterFingerprint(filter)) return { ok: false, problem: 'other-filters' };
  return { ok: true, position: { createdAt, id } };
}
