/**
 * The pure-JavaScript SHA-256, SHA-512, Ed25519 verification and fingerprint that verify.html falls back
 * on without WebCrypto: the very page source, run in a vm context, against node:crypto on random inputs
 * (every padding boundary, random chunkings, messages over 1 MB), the RFC 8032 test vectors, and
 * server/signing's fingerprint.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ED25519_JS } from '../server/export/verifyPage/ed25519Script.js';
import { HASH_JS } from '../server/export/verifyPage/hashScript.js';
import { fingerprintOf, rawPublicKey } from '../server/signing/ed25519.js';

interface StreamHash {
  update(data: Uint8Array): StreamHash;
  digest(): Uint8Array;
}

interface PageCrypto {
  sha256(data: Uint8Array): Uint8Array;
  sha512(data: Uint8Array): Uint8Array;
  Sha256: new () => StreamHash;
  Sha512: new () => StreamHash;
  ed25519Verify(key: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean;
  fingerprintFromDigest(digest: Uint8Array): string;
  base64Bytes(text: string): Uint8Array;
}

const lib = vm.runInContext(
  `(() => { 'use strict';${HASH_JS}${ED25519_JS}
   return { sha256, sha512, Sha256, Sha512, ed25519Verify, fingerprintFromDigest, base64Bytes }; })()`,
  vm.createContext({ atob }),
) as PageCrypto;

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const u8 = (buffer: Buffer): Uint8Array => new Uint8Array(buffer);
const nodeHash = (algorithm: string, data: Uint8Array): string => createHash(algorithm).update(data).digest('hex');

/** Feeds `data` to a fresh streaming hash in random-sized pieces. */
function streamed(make: new () => StreamHash, data: Uint8Array, maxPiece: number): string {
  const hash = new make();
  for (let at = 0; at < data.length;) {
    const size = 1 + Math.floor(Math.random() * maxPiece);
    hash.update(data.subarray(at, at + size));
    at += size;
  }
  return hex(hash.digest());
}

describe('verify.html SHA-256 and SHA-512', () => {
  it('match node:crypto at every length up to 300 bytes (all padding boundaries) and at random ones', () => {
    const lengths = [
      ...Array.from({ length: 301 }, (_, i) => i),
      ...Array.from({ length: 40 }, () => Math.floor(Math.random() * 20_000)),
    ];
    for (const length of lengths) {
      const data = u8(randomBytes(length));
      expect(hex(lib.sha256(data)), `sha256 of ${length} bytes`).toBe(nodeHash('sha256', data));
      expect(hex(lib.sha512(data)), `sha512 of ${length} bytes`).toBe(nodeHash('sha512', data));
    }
  });

  it('give the same digest however the input is split, for messages over 1 MB', () => {
    for (const length of [2 ** 20 + 1, 1_500_007]) {
      const data = u8(randomBytes(length));
      expect(streamed(lib.Sha256, data, 300_000)).toBe(nodeHash('sha256', data));
      expect(streamed(lib.Sha512, data, 300_000)).toBe(nodeHash('sha512', data));
    }
    const small = u8(randomBytes(5000));
    for (let i = 0; i < 20; i++) expect(streamed(lib.Sha256, small, 200)).toBe(nodeHash('sha256', small));
  });
});

/** RFC 8032, section 7.1: TEST 1, 2 and 3 (secret key, public key, message, signature). */
const RFC8032 = [
  [
    '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    '',
    'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  ],
  [
    '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
    '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    '72',
    '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  ],
  [
    'c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7',
    'fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025',
    'af82',
    '6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a',
  ],
] as const;

/** Flips one random bit of a copy of `bytes`. */
function flipBit(bytes: Uint8Array): Uint8Array {
  const out = Uint8Array.from(bytes);
  const bit = Math.floor(Math.random() * out.length * 8);
  out[bit >> 3] = (out[bit >> 3] ?? 0) ^ (1 << (bit & 7));
  return out;
}

describe('verify.html Ed25519', () => {
  it('accepts the RFC 8032 test vectors (which node:crypto reproduces) and rejects them altered', () => {
    for (const [secret, publicKey, message, signature] of RFC8032) {
      const key = createPrivateKey({
        key: Buffer.from(`302e020100300506032b657004220420${secret}`, 'hex'),
        format: 'der',
        type: 'pkcs8',
      });
      expect(rawPublicKey(createPublicKey(key)).toString('hex')).toBe(publicKey);
      expect(sign(null, Buffer.from(message, 'hex'), key).toString('hex')).toBe(signature);
      const [pub, msg, sig] = [publicKey, message, signature].map((h) => u8(Buffer.from(h, 'hex'))) as [
        Uint8Array,
        Uint8Array,
        Uint8Array,
      ];
      expect(lib.ed25519Verify(pub, msg, sig)).toBe(true);
      expect(lib.ed25519Verify(pub, msg, flipBit(sig))).toBe(false);
      expect(lib.ed25519Verify(pub, Uint8Array.from([...msg, 0]), sig)).toBe(false);
    }
  });

  it('agrees with node:crypto on random keys and messages, genuine and tampered', () => {
    for (let i = 0; i < 24; i++) {
      const { publicKey, privateKey } = generateKeyPairSync('ed25519');
      const pub = u8(rawPublicKey(publicKey));
      const message = u8(randomBytes(i === 0 ? 1_200_000 : Math.floor(Math.random() * 3000)));
      const signature = u8(sign(null, message, privateKey));
      expect(lib.ed25519Verify(pub, message, signature)).toBe(true);
      const cases: [Uint8Array, Uint8Array, Uint8Array][] = [
        [pub, message.length > 0 ? flipBit(message) : Uint8Array.of(1), signature],
        [pub, message, flipBit(signature)],
        [flipBit(pub), message, signature],
      ];
      for (const [k, m, s] of cases) {
        const expected = (() => {
          try {
            return verify(
              null,
              m,
              createPublicKey({
                key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), k]),
                format: 'der',
                type: 'spki',
              }),
              s,
            );
          } catch {
            return false;
          }
        })();
        expect(lib.ed25519Verify(k, m, s)).toBe(expected);
        expect(expected).toBe(false);
      }
    }
  });

  it('rejects a signature whose S is not reduced (S + L), as OpenSSL does', () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const message = u8(randomBytes(64));
    const signature = sign(null, message, privateKey);
    const order = 2n ** 252n + 27742317777372353535851937790883648493n;
    let s = 0n;
    for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(signature[i] ?? 0);
    s += order;
    const bumped = Buffer.from(signature);
    for (let i = 32; i < 64; i++, s >>= 8n) bumped[i] = Number(s & 255n);
    expect(verify(null, message, publicKey, bumped)).toBe(false);
    expect(lib.ed25519Verify(u8(rawPublicKey(publicKey)), message, u8(bumped))).toBe(false);
  });
});

describe('verify.html fingerprint', () => {
  it('equals server/signing fingerprintOf for random keys, from the base64 the manifest carries', () => {
    for (let i = 0; i < 50; i++) {
      const key = randomBytes(32);
      const decoded = lib.base64Bytes(key.toString('base64'));
      expect(hex(decoded)).toBe(key.toString('hex'));
      expect(lib.fingerprintFromDigest(lib.sha256(decoded))).toBe(fingerprintOf(key));
    }
  });
});
