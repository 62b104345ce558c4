/**
 * Ed25519 as bundles use it: raw 32-byte public keys, detached 64-byte signatures, and a short
 * fingerprint people can read to each other over the phone ("K7QF-2M4X-PA9D-LR3T") to agree on a key
 * without trusting the medium that carried the bundle. node:crypto does the cryptography.
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

/** Bytes of a raw Ed25519 public key. */
export const PUBLIC_KEY_BYTES = 32;
/** Bytes of an Ed25519 signature. */
export const SIGNATURE_BYTES = 64;

/** DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): the raw key follows it. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, upper case, no padding. */
function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * The key's fingerprint: the first 10 bytes (80 bits) of SHA-256 over the raw public key, in base32,
 * four groups of four. Short enough to read aloud, long enough that nobody can make a key to match one.
 */
export function fingerprintOf(publicKeyRaw: Buffer): string {
  const digest = createHash('sha256').update(publicKeyRaw).digest().subarray(0, 10);
  return base32(digest).match(/.{4}/g)?.join('-') ?? '';
}

/** A fingerprint as typed by a person, for comparison: upper case, no spaces or dashes. */
export function normalizeFingerprint(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}

/** True when two fingerprints name the same key, however they were typed. */
export function sameFingerprint(a: string, b: string): boolean {
  return normalizeFingerprint(a) === normalizeFingerprint(b);
}

/** True when `text` has the shape of a fingerprint (16 base32 characters, dashes and spaces ignored). */
export function isFingerprint(text: string): boolean {
  return /^[A-Z2-7]{16}$/.test(normalizeFingerprint(text));
}

/** The node:crypto key object of a raw public key. */
export function publicKeyObject(publicKeyRaw: Buffer): KeyObject {
  if (publicKeyRaw.length !== PUBLIC_KEY_BYTES) throw new Error(`an Ed25519 public key has ${PUBLIC_KEY_BYTES} bytes`);
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKeyRaw]), format: 'der', type: 'spki' });
}

/** The raw 32 bytes of an Ed25519 public key object. */
export function rawPublicKey(key: KeyObject): Buffer {
  const der = key.export({ format: 'der', type: 'spki' });
  if (
    der.length !== SPKI_PREFIX.length + PUBLIC_KEY_BYTES ||
    !der.subarray(0, SPKI_PREFIX.length).equals(SPKI_PREFIX)
  ) {
    throw new Error('not an Ed25519 public key');
  }
  return Buffer.from(der.subarray(SPKI_PREFIX.length));
}

/** PEM (SubjectPublicKeyInfo) of a raw public key: what `signing-key export` writes. */
export function publicKeyPem(publicKeyRaw: Buffer): string {
  return publicKeyObject(publicKeyRaw).export({ format: 'pem', type: 'spki' }).toString();
}

/**
 * Reads a public key a person hands over: a PEM SubjectPublicKeyInfo block (what `offprint signing-key
 * export` writes; comment lines around it are ignored) or the 32 raw bytes in base64. Throws with a
 * readable message for anything else.
 */
export function parsePublicKey(text: string): Buffer {
  const pem = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/.exec(text);
  if (pem !== null) {
    try {
      return rawPublicKey(createPublicKey(pem[0]));
    } catch {
      throw new Error('the PEM block is not an Ed25519 public key');
    }
  }
  const trimmed = text.trim();
  if (/^[A-Za-z0-9+/]{43}=$/.test(trimmed)) return Buffer.from(trimmed, 'base64');
  throw new Error('not an Ed25519 public key (expected a PEM "PUBLIC KEY" block or 32 bytes in base64)');
}

/** True when `signature` is `publicKeyRaw`'s signature of exactly `data`. Never throws for bad input. */
export function verifyDetached(publicKeyRaw: Buffer, data: Buffer, signature: Buffer): boolean {
  if (publicKeyRaw.length !== PUBLIC_KEY_BYTES || signature.length !== SIGNATURE_BYTES) return false;
  try {
    return verify(null, data, publicKeyObject(publicKeyRaw), signature);
  } catch {
    return false;
  }
}
