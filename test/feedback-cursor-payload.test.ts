/**
 * The payload inside a correctly signed cursor is still checked for its shape: a signature only says
 * who wrote the cursor, not that this version can read it.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, filterFingerprint } from '../server/domain/feedback/cursor.js';

const secret = Buffer.alloc(32, 7);
const filter = { projectId: 'p1' };

/** A cursor for `payload` signed as the server signs one (HMAC-SHA256, first 16 bytes, base64url). */
function signed(payload: unknown): string {
  const text = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', secret).update(text).digest().subarray(0, 16).toString('base64url');
  return `${text}.${mac}`;
}

describe('cursor payloads', () => {
  const fingerprint = filterFingerprint(filter);

  it('reads a payload of the right shape, signed the same way as encodeCursor', () => {
    const position = { createdAt: 1_700_000_000_000, id: 'e1' };
    expect(signed([1, position.createdAt, position.id, fingerprint])).toBe(encodeCursor(secret, filter, position));
    expect(decodeCursor(secret, filter, signed([1, position.createdAt, 'e1', fingerprint]))).toEqual({
      ok: true,
      position,
    });
  });

  it('refuses signed payloads of any other shape as invalid', () => {
    const shapes = [
      [2, 1, 'e1', fingerprint],
      [1, 1.5, 'e1', fingerprint],
      [1, 2 ** 53, 'e1', fingerprint],
      [1, '1', 'e1', fingerprint],
      [1, 1, 7, fingerprint],
      [1, 1, 'e1', null],
      [1, 1, 'e1'],
      [1, 1, 'e1', fingerprint, 'extra'],
      { version: 1, createdAt: 1, id: 'e1', fingerprint },
      null,
    ];
    for (const shape of shapes) {
      expect(decodeCursor(secret, filter, signed(shape)), JSON.stringify(shape)).toEqual({
        ok: false,
        problem: 'invalid',
      });
    }
  });
});
