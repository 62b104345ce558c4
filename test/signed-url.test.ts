/**
 * Presigned bundle URLs, verified exactly: every part of a genuine URL altered (path, expiry, signature,
 * method, parameters) is refused as tampered, a genuine one is refused as expired from its expiry second
 * on, and thousands of random mutations are never accepted. The HTTP side (403/410 bodies, Range) is in
 * signed-url-download.browser.test.ts.
 */
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  downloadSignature,
  MAX_LINK_TTL_SECONDS,
  signedDownloadUrl,
  verifyDownloadRequest,
} from '../server/domain/exports/signedUrl.js';

const SECRET = randomBytes(32);
const JOB = 'se_0123456789abcdef';
const NOW_S = 1_800_000_000;
const EXPIRES = NOW_S + 600;
const URL_ = signedDownloadUrl(SECRET, JOB, EXPIRES);
const [PATH = '', QUERY = ''] = URL_.split('?');
const SIGNATURE = new URLSearchParams(QUERY).get('signature') ?? '';

function verify(
  target: string,
  method = 'GET',
  nowS = NOW_S,
  secret = SECRET,
): ReturnType<typeof verifyDownloadRequest> {
  return verifyDownloadRequest(secret, { method, target, nowMs: nowS * 1000 });
}

function flip(hex: string, at: number): string {
  const c = hex.charAt(at);
  return `${hex.slice(0, at)}${c === '0' ? '1' : '0'}${hex.slice(at + 1)}`;
}

describe('presigned download URLs', () => {
  it('have the documented form and verify, for GET and for HEAD', () => {
    expect(URL_).toMatch(new RegExp(`^/downloads/${JOB}\\.zip\\?expires=${EXPIRES}&signature=[0-9a-f]{64}$`));
    expect(verify(URL_)).toEqual({ ok: true, jobId: JOB, expires: EXPIRES });
    expect(verify(URL_, 'HEAD')).toEqual({ ok: true, jobId: JOB, expires: EXPIRES });
    // The parameters' order is not part of what is signed.
    expect(verify(`${PATH}?signature=${SIGNATURE}&expires=${EXPIRES}`).ok).toBe(true);
  });

  it.each([
    ['another job id', `/downloads/se_0123456789abcdee.zip?${QUERY}`],
    ['an upper-case path', `/downloads/${JOB.toUpperCase()}.zip?${QUERY}`],
    ['a percent-encoded path', `/downloads/se_0123456789abcde%66.zip?${QUERY}`],
    ['a dot segment', `/downloads/../downloads/${JOB}.zip?${QUERY}`],
    ['an encoded dot segment', `/downloads/%2e%2e/downloads/${JOB}.zip?${QUERY}`],
    ['a trailing slash', `${PATH}/?${QUERY}`],
    ['a double slash', `/downloads//${JOB}.zip?${QUERY}`],
    ['another extension', `/downloads/${JOB}.tar.gz?${QUERY}`],
    ['an absolute-form target', `http://127.0.0.1${URL_}`],
    ['expires + 1', `${PATH}?expires=${EXPIRES + 1}&signature=${SIGNATURE}`],
    ['expires - 1', `${PATH}?expires=${EXPIRES - 1}&signature=${SIGNATURE}`],
    ['expires with a leading zero', `${PATH}?expires=0${EXPIRES}&signature=${SIGNATURE}`],
    ['expires as a float', `${PATH}?expires=${EXPIRES}.0&signature=${SIGNATURE}`],
    ['a negative expiry', `${PATH}?expires=-${EXPIRES}&signature=${SIGNATURE}`],
    ['a huge expiry', `${PATH}?expires=99999999999999999999&signature=${SIGNATURE}`],
    ['expires twice', `${PATH}?expires=${EXPIRES}&expires=${EXPIRES}&signature=${SIGNATURE}`],
    ['no expiry', `${PATH}?signature=${SIGNATURE}`],
    ['one flipped signature character', `${PATH}?expires=${EXPIRES}&signature=${flip(SIGNATURE, 10)}`],
    ['the last signature character flipped', `${PATH}?expires=${EXPIRES}&signature=${flip(SIGNATURE, 63)}`],
    ['a truncated signature', `${PATH}?expires=${EXPIRES}&signature=${SIGNATURE.slice(0, 63)}`],
    ['a longer signature', `${PATH}?expires=${EXPIRES}&signature=${SIGNATURE}0`],
    ['an upper-case signature', `${PATH}?expires=${EXPIRES}&signature=${SIGNATURE.toUpperCase()}`],
    ['an empty signature', `${PATH}?expires=${EXPIRES}&signature=`],
    ['a 10 kB signature', `${PATH}?expires=${EXPIRES}&signature=${'a'.repeat(10_000)}`],
    [
      'a percent-encoded signature',
      `${PATH}?expires=${EXPIRES}&signature=%${SIGNATURE.slice(0, 2)}${SIGNATURE.slice(2)}`,
    ],
    ['signature twice', `${URL_}&signature=${SIGNATURE}`],
    ['no signature', `${PATH}?expires=${EXPIRES}`],
    ['an extra parameter', `${URL_}&download=1`],
    ['an empty parameter', `${URL_}&`],
    ['no query at all', PATH],
  ])('refuses %s as tampered', (_what, target) => {
    expect(verify(target)).toEqual({ ok: false, refusal: 'tampered' });
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'get'])(
    'refuses method %s (the URL was signed for GET)',
    (m) => {
      expect(verify(URL_, m)).toEqual({ ok: false, refusal: 'tampered' });
    },
  );

  it('refuses a URL signed with another install’s secret, or signed for another method', () => {
    expect(verify(URL_, 'GET', NOW_S, randomBytes(32))).toEqual({ ok: false, refusal: 'tampered' });
    const signedForPost = downloadSignature(SECRET, 'POST', PATH, EXPIRES);
    expect(verify(`${PATH}?expires=${EXPIRES}&signature=${signedForPost}`)).toEqual({ ok: false, refusal: 'tampered' });
  });

  it('expires exactly at its expiry second: valid one second before, expired at it and after', () => {
    expect(verify(URL_, 'GET', EXPIRES - 1).ok).toBe(true);
    expect(verifyDownloadRequest(SECRET, { method: 'GET', target: URL_, nowMs: EXPIRES * 1000 - 1 }).ok).toBe(true);
    expect(verify(URL_, 'GET', EXPIRES)).toEqual({ ok: false, refusal: 'expired' });
    expect(verify(URL_, 'GET', EXPIRES + 1)).toEqual({ ok: false, refusal: 'expired' });
    expect(verify(URL_, 'GET', EXPIRES + 86_400 * 365)).toEqual({ ok: false, refusal: 'expired' });
    // A tampered URL stays tampered after it would have expired: expiry is only checked for genuine ones.
    expect(verify(`${PATH}?expires=${EXPIRES}&signature=${flip(SIGNATURE, 0)}`, 'GET', EXPIRES + 1)).toEqual({
      ok: false,
      refusal: 'tampered',
    });
  });

  it('refuses a genuine signature whose expiry is further away than the 7-day cap allows', () => {
    const far = NOW_S + MAX_LINK_TTL_SECONDS + 3600;
    expect(verify(signedDownloadUrl(SECRET, JOB, far))).toEqual({ ok: false, refusal: 'tampered' });
    const longest = NOW_S + MAX_LINK_TTL_SECONDS;
    expect(verify(signedDownloadUrl(SECRET, JOB, longest)).ok).toBe(true);
  });

  it('accepts no random mutation of a genuine URL (10,000 runs), and never throws', () => {
    const alphabet = fc.constantFrom(...'0123456789abcdefABCDEF%./?&=_-sez'.split(''));
    fc.assert(
      fc.property(
        fc.nat({ max: URL_.length }),
        fc.nat({ max: 8 }),
        fc.string({ unit: alphabet, maxLength: 8 }),
        (at, cut, insert) => {
          const mutated = URL_.slice(0, at) + insert + URL_.slice(Math.min(URL_.length, at + cut));
          const verdict = verify(mutated);
          // Reordering is impossible with this mutation, so anything but the original must be refused.
          if (mutated === URL_) expect(verdict.ok).toBe(true);
          else expect(verdict).toEqual({ ok: false, refusal: 'tampered' });
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
