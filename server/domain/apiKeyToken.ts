/**
 * The admin API key format: `offp_` + 32 random base62 characters + a 6-character base62 CRC32 of them.
 * The checksum lets a mistyped or truncated key be rejected before any database lookup.
 */
import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** Every key starts with this. */
export const KEY_PREFIX = 'offp_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

function base62(value: number, width: number): string {
  let out = '';
  let v = value;
  for (let i = 0; i < width; i++) {
    out = BASE62.charAt(v % 62) + out;
    v = Math.floor(v / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body), CHECKSUM_LENGTH);
}

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting the top bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += BASE62.charAt(byte % 62);
    }
  }
  return out;
}

/** Creates a new random key. */
export function generateApiKey(): string {
  const body = randomBase62(RANDOM_LENGTH);
  return `${KEY_PREFIX}${body}${checksum(body)}`;
}

/** True when `key` has the right shape and checksum (says nothing about whether it exists). */
export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(KEY_PREFIX.length, KEY_PREFIX.length + RANDOM_LENGTH);
  return key.slice(KEY_PREFIX.length + RANDOM_LENGTH) === checksum(body);
}

/** The SHA-256 (hex) stored in place of the key. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What a listing may show of a key: its first characters and its last four. */
export function keyHints(key: string): { prefix: string; last4: string } {
  return { prefix: key.slice(0, KEY_PREFIX.length + 4), last4: key.slice(-4) };
}
