/**
 * SHA-256 and SHA-512 in plain browser JavaScript, for verify.html where `crypto.subtle` is missing
 * (plain-HTTP intranet origins): SHA-256 checks the bundle's files, SHA-512 is the hash inside Ed25519.
 * Both stream (`update` any number of times, then `digest`), so a large file is hashed in bounded memory.
 * The round constants are computed (fractional parts of square and cube roots of the first primes, with
 * BigInt) rather than typed out: 160 hand-copied 64-bit numbers are where such code goes wrong. SHA-256's
 * constants are the upper halves of SHA-512's. test/verify-page-crypto.test.ts compares both with
 * node:crypto on random inputs.
 *
 * This is page source (a string), not a module: it runs inside the page's one inline script.
 */
export const HASH_JS = String.raw`
function firstPrimes(n) {
  const out = [];
  for (let c = 2; out.length < n; c++) if (out.every((p) => c % p !== 0)) out.push(c);
  return out;
}
function intRoot(n, k) {
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / Number(k)) + 1);
  for (;;) {
    const y = ((k - 1n) * x + n / x ** (k - 1n)) / k;
    if (y >= x) return x;
    x = y;
  }
}
function rootConstants(count, k) {
  const out = new Int32Array(count * 2);
  const shift = 64n * k;
  firstPrimes(count).forEach((p, i) => {
    const frac = intRoot(BigInt(p) << shift, k) & 0xffffffffffffffffn;
    out[2 * i] = Number(frac >> 32n) | 0;
    out[2 * i + 1] = Number(frac & 0xffffffffn) | 0;
  });
  return out;
}
const K512 = rootConstants(80, 3n);
const H512 = rootConstants(8, 2n);
const K256 = new Int32Array(64).map((_, i) => K512[2 * i]);
const H256 = new Int32Array(8).map((_, i) => H512[2 * i]);

class BlockHash {
  constructor(blockBytes, lengthBytes) {
    this.buf = new Uint8Array(blockBytes);
    this.fill = 0;
    this.total = 0;
    this.lengthBytes = lengthBytes;
  }
  update(data) {
    const size = this.buf.length;
    let i = 0;
    this.total += data.length;
    if (this.fill > 0) {
      const take = Math.min(size - this.fill, data.length);
      this.buf.set(data.subarray(0, take), this.fill);
      this.fill += take;
      i = take;
      if (this.fill < size) return this;
      this.block(this.buf, 0);
      this.fill = 0;
    }
    for (; i + size <= data.length; i += size) this.block(data, i);
    if (i < data.length) {
      this.buf.set(data.subarray(i), 0);
      this.fill = data.length - i;
    }
    return this;
  }
  pad() {
    const size = this.buf.length;
    const used = (this.fill + 1 + this.lengthBytes) % size;
    const tail = new Uint8Array(1 + (used === 0 ? 0 : size - used) + this.lengthBytes);
    tail[0] = 0x80;
    const n = tail.length;
    const bitsHigh = Math.floor(this.total / 0x20000000);
    const bitsLow = (this.total % 0x20000000) * 8;
    [bitsHigh >>> 24, bitsHigh >>> 16, bitsHigh >>> 8, bitsHigh, bitsLow >>> 24, bitsLow >>> 16, bitsLow >>> 8, bitsLow]
      .forEach((b, j) => { tail[n - 8 + j] = b & 255; });
    const total = this.total;
    this.update(tail);
    this.total = total;
  }
  output(words) {
    const out = new Uint8Array(words.length * 4);
    words.forEach((w, i) => { out[4 * i] = w >>> 24; out[4 * i + 1] = w >>> 16; out[4 * i + 2] = w >>> 8; out[4 * i + 3] = w; });
    return out;
  }
}

class Sha256 extends BlockHash {
  constructor() {
    super(64, 8);
    this.h = Int32Array.from(H256);
    this.w = new Int32Array(64);
  }
  block(p, o) {
    const w = this.w;
    const h = this.h;
    for (let t = 0; t < 16; t++, o += 4) w[t] = (p[o] << 24) | (p[o + 1] << 16) | (p[o + 2] << 8) | p[o + 3];
    for (let t = 16; t < 64; t++) {
      const x = w[t - 15];
      const y = w[t - 2];
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
    }
    let a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (let t = 0; t < 64; t++) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (k + s1 + ((e & f) ^ (~e & g)) + K256[t] + w[t]) | 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      k = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += k;
  }
  digest() {
    this.pad();
    return this.output(this.h);
  }
}

const TWO32 = 0x100000000;
class Sha512 extends BlockHash {
  constructor() {
    super(128, 16);
    this.h = Int32Array.from(H512);
    this.w = new Int32Array(160);
  }
  block(p, o) {
    const w = this.w;
    for (let t = 0; t < 32; t++, o += 4) w[t] = (p[o] << 24) | (p[o + 1] << 16) | (p[o + 2] << 8) | p[o + 3];
    for (let t = 32; t < 160; t += 2) {
      let xh = w[t - 30], xl = w[t - 29];
      const s0h = ((xh >>> 1) | (xl << 31)) ^ ((xh >>> 8) | (xl << 24)) ^ (xh >>> 7);
      const s0l = ((xl >>> 1) | (xh << 31)) ^ ((xl >>> 8) | (xh << 24)) ^ ((xl >>> 7) | (xh << 25));
      xh = w[t - 4]; xl = w[t - 3];
      const s1h = ((xh >>> 19) | (xl << 13)) ^ ((xl >>> 29) | (xh << 3)) ^ (xh >>> 6);
      const s1l = ((xl >>> 19) | (xh << 13)) ^ ((xh >>> 29) | (xl << 3)) ^ ((xl >>> 6) | (xh << 26));
      const lo = (w[t - 31] >>> 0) + (s0l >>> 0) + (w[t - 13] >>> 0) + (s1l >>> 0);
      w[t] = (w[t - 32] + s0h + w[t - 14] + s1h + ((lo / TWO32) | 0)) | 0;
      w[t + 1] = lo | 0;
    }
    const h = this.h;
    let ah = h[0], al = h[1], bh = h[2], bl = h[3], ch = h[4], cl = h[5], dh = h[6], dl = h[7];
    let eh = h[8], el = h[9], fh = h[10], fl = h[11], gh = h[12], gl = h[13], kh = h[14], kl = h[15];
    for (let t = 0; t < 160; t += 2) {
      const S1h = ((eh >>> 14) | (el << 18)) ^ ((eh >>> 18) | (el << 14)) ^ ((el >>> 9) | (eh << 23));
      const S1l = ((el >>> 14) | (eh << 18)) ^ ((el >>> 18) | (eh << 14)) ^ ((eh >>> 9) | (el << 23));
      const chh = (eh & fh) ^ (~eh & gh);
      const chl = (el & fl) ^ (~el & gl);
      const t1l = (kl >>> 0) + (S1l >>> 0) + (chl >>> 0) + (K512[t + 1] >>> 0) + (w[t + 1] >>> 0);
      const t1h = (kh + S1h + chh + K512[t] + w[t] + ((t1l / TWO32) | 0)) | 0;
      const S0h = ((ah >>> 28) | (al << 4)) ^ ((al >>> 2) | (ah << 30)) ^ ((al >>> 7) | (ah << 25));
      const S0l = ((al >>> 28) | (ah << 4)) ^ ((ah >>> 2) | (al << 30)) ^ ((ah >>> 7) | (al << 25));
      const mh = (ah & bh) ^ (ah & ch) ^ (bh & ch);
      const ml = (al & bl) ^ (al & cl) ^ (bl & cl);
      const t2l = (S0l >>> 0) + (ml >>> 0);
      const t2h = (S0h + mh + ((t2l / TWO32) | 0)) | 0;
      kh = gh; kl = gl; gh = fh; gl = fl; fh = eh; fl = el;
      const el2 = (dl >>> 0) + (t1l >>> 0);
      eh = (dh + t1h + ((el2 / TWO32) | 0)) | 0; el = el2 | 0;
      dh = ch; dl = cl; ch = bh; cl = bl; bh = ah; bl = al;
      const al2 = (t1l >>> 0) + (t2l >>> 0);
      ah = (t1h + t2h + ((al2 / TWO32) | 0)) | 0; al = al2 | 0;
    }
    const v = [ah, al, bh, bl, ch, cl, dh, dl, eh, el, fh, fl, gh, gl, kh, kl];
    for (let i = 0; i < 16; i += 2) {
      const lo = (h[i + 1] >>> 0) + (v[i + 1] >>> 0);
      h[i] = (h[i] + v[i] + ((lo / TWO32) | 0)) | 0;
      h[i + 1] = lo | 0;
    }
  }
  digest() {
    this.pad();
    return this.output(this.h);
  }
}

function sha256(bytes) { return new Sha256().update(bytes).digest(); }
function sha512(bytes) { return new Sha512().update(bytes).digest(); }
`;
