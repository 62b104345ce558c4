/**
 * Ed25519 signature verification (RFC 8032, section 5.1.7) in plain browser JavaScript with BigInt, for
 * verify.html where WebCrypto has no Ed25519 (or no `crypto.subtle` at all), plus the small byte helpers
 * the page needs (base64, hex, base32 and the key fingerprint of server/signing/ed25519.ts). It checks
 * the way OpenSSL does (which signed the bundle): S below the group order, the public key a valid point,
 * and the encoding of [S]B - [k]A equal to R byte for byte. Speed is no concern: one signature per page.
 *
 * Page source (a string) that uses HASH_JS's `Sha512`; test/verify-page-crypto.test.ts checks it against
 * node:crypto and the RFC 8032 test vectors.
 */
export const ED25519_JS = String.raw`
const EP = 2n ** 255n - 19n;
const EL = 2n ** 252n + 27742317777372353535851937790883648493n;
function emod(a, m = EP) {
  const r = a % m;
  return r >= 0n ? r : r + m;
}
function epow(b, e) {
  let r = 1n;
  b = emod(b);
  for (; e > 0n; e >>= 1n, b = (b * b) % EP) if (e & 1n) r = (r * b) % EP;
  return r;
}
const einv = (a) => epow(a, EP - 2n);
const ED = emod(-121665n * einv(121666n));
const ED2 = (2n * ED) % EP;
const ESQRT_M1 = epow(2n, (EP - 1n) / 4n);

function leNumber(bytes) {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]);
  return n;
}
/** Extended coordinates [X, Y, Z, T]: the unified addition of RFC 8032, 5.1.4 (it doubles too). */
function eadd(p, q) {
  const a = emod((p[1] - p[0]) * (q[1] - q[0]));
  const b = emod((p[1] + p[0]) * (q[1] + q[0]));
  const c = emod(p[3] * ED2 * q[3]);
  const d = emod(2n * p[2] * q[2]);
  const e = b - a, f = d - c, g = d + c, h = b + a;
  return [emod(e * f), emod(g * h), emod(f * g), emod(e * h)];
}
function emul(p, n) {
  let r = [0n, 1n, 1n, 0n];
  for (; n > 0n; n >>= 1n, p = eadd(p, p)) if (n & 1n) r = eadd(r, p);
  return r;
}
/** The point a 32-byte encoding names, or null when it names none (RFC 8032, 5.1.3). */
function edecode(bytes) {
  if (bytes.length !== 32) return null;
  const sign = bytes[31] >> 7;
  const y = leNumber(bytes) & ((1n << 255n) - 1n);
  if (y >= EP) return null;
  const u = emod(y * y - 1n);
  const v = emod(ED * y * y + 1n);
  const v3 = (v * v * v) % EP;
  let x = emod(u * v3 * epow(u * v3 * v3 * v, (EP - 5n) / 8n));
  const vx2 = emod(v * x * x);
  if (vx2 !== u) {
    if (vx2 !== emod(-u)) return null;
    x = (x * ESQRT_M1) % EP;
  }
  if (x === 0n && sign === 1) return null;
  if (Number(x & 1n) !== sign) x = EP - x;
  return [x, y, 1n, (x * y) % EP];
}
function eencode(p) {
  const zi = einv(p[2]);
  const x = (p[0] * zi) % EP;
  let y = (p[1] * zi) % EP;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++, y >>= 8n) out[i] = Number(y & 255n);
  out[31] |= Number(x & 1n) << 7;
  return out;
}
/** The base point: y = 4/5, x even. */
const EBASE = edecode(eencode([0n, (4n * einv(5n)) % EP, 1n, 0n]));

/** True when 'signature' (64 bytes) is the Ed25519 signature of 'message' by 'publicKey' (32 bytes). */
function ed25519Verify(publicKey, message, signature) {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  const a = edecode(publicKey);
  if (a === null) return false;
  const r = signature.subarray(0, 32);
  const s = leNumber(signature.subarray(32));
  if (s >= EL) return false;
  const k = emod(leNumber(new Sha512().update(r).update(publicKey).update(message).digest()), EL);
  const minusA = [EP - a[0], a[1], a[2], EP - a[3]];
  const check = eencode(eadd(emul(EBASE, s), emul(minusA, k)));
  return check.every((b, i) => b === r[i]);
}

function base64Bytes(text) {
  const bin = atob(String(text).replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
function hexOf(bytes) {
  let s = '';
  for (const b of bytes) s += (b < 16 ? '0' : '') + b.toString(16);
  return s;
}
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function base32(bytes) {
  let out = '', bits = 0, value = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    for (; bits >= 5; bits -= 5) out += BASE32[(value >>> (bits - 5)) & 31];
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out;
}
/** The fingerprint of a key from the SHA-256 of its raw bytes (server/signing/ed25519.ts fingerprintOf). */
function fingerprintFromDigest(digest) {
  return base32(digest.subarray(0, 10)).match(/.{4}/g).join('-');
}
function normalizeFingerprint(text) {
  return String(text).toUpperCase().replace(/[\s-]/g, '');
}
`;
