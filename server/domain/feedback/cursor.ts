/**
 * Feedback's pagination cursors: the shared keyset cursor (../keysetCursor.ts) over the fingerprint of
 * a feedback filter. The fingerprint's layout is kept as first issued, so cursors stay valid across
 * upgrades.
 */
import type { FeedbackFilter, KeysetPosition } from '../../db/feedback.js';
import { decodeKeysetCursor, encodeKeysetCursor, selectionFingerprint, type DecodedCursor } from '../keysetCursor.js';

export type { CursorProblem } from '../keysetCursor.js';

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
  return selectionFingerprint([...official, ...extension]);
}

/** Encodes the position after which the next page starts. */
export function encodeCursor(secret: Buffer, filter: FeedbackFilter, position: KeysetPosition): string {
  return encodeKeysetCursor(secret, filterFingerprint(filter), position);
}

/** Decodes a cursor issued by {@link encodeCursor} for the same filters. */
export function decodeCursor(secret: Buffer, filter: FeedbackFilter, cursor: string): DecodedCursor {
  return decodeKeysetCursor(secret, filterFingerprint(filter), cursor);
}
