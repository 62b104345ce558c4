import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from './helpers/feedbackCatalog.js';
import { assertMatchesOfficial, OFFICIAL_ERROR_REF, officialResponseRef } from './helpers/officialSchema.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

/** A raw response: nothing normalised, so malformed requests are seen as the server answered them. */
interface RawResponse {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

/** GETs `path` exactly as given (fetch would re-encode it), with the admin key. */
function rawGet(t: TestServer, path: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: t.server.port, path, method: 'GET', headers: { Authorization: `Bearer ${t.key}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? '',
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const PARAMS = ['dateFrom', 'dateTo', 'source', 'status', 'limit', 'cursor'];
const JUNK_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  'limit[]',
  'Limit',
  '%20limit',
];
const RAW_TOKENS = [
  '%E0%A4%A',
  '%',
  '%%',
  '%zz',
  '%C0%80',
  '%FF',
  '%ED%A0%80',
  '%00',
  '%2',
  '+',
  '%2B',
  '=',
  ',',
  '%2C',
  ';',
  '__proto__',
  '..',
];
const PLAUSIBLE_VALUES = [
  '2026-01-01',
  '2026-02-30',
  '2026-01-10T08:00:00Z',
  '2026-01-16T05:30:00%2B05:30',
  '2026-01-16T05:30:00+05:30',
  '2026-01-15T16:00:00-08:00',
  'contextual',
  'thumbs_only',
  'pending',
  '%20pending%20,resolved%20',
  'pending,,resolved',
  '1',
  '5',
  '100',
  '0',
  '101',
  '1.5',
  '-1',
  '',
];

// Unicode text, percent-encoded the way a client would (lone surrogates cannot be: they are left out).
const encodedText = fc.string({ unit: 'grapheme', maxLength: 24 }).map(encodeURIComponent);
const rawToken = fc.constantFrom(...RAW_TOKENS);
const fragment = fc.oneof(encodedText, rawToken, fc.constantFrom(...PLAUSIBLE_VALUES));
const shortValue = fc.array(fragment, { maxLength: 4 }).map((parts) => parts.join(''));
// Values up to 8 KiB, made by repeating a unit and cutting at any length (which may split a % escape).
const longValue = fc
  .tuple(fc.constantFrom('a', '9', '%E0%A4%A', '%25', 'pending,', '%2C', '2026-01-01', '%C3%A9'), fc.nat({ max: 8192 }))
  .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n));
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PARAMS) },
  { weight: 1, arbitrary: fc.constantFrom(...JUNK_KEYS) },
  { weight: 1, arbitrary: fragment },
);
// A parameter: `key=value`, a bare `key`, or (rarely) one long value.
const param = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(key, shortValue).map(([k, v]) => `${k}=${v}`) },
  { weight: 1, arbitrary: key },
  { weight: 1, arbitrary: fc.tuple(key, longValue).map(([k, v]) => `${k}=${v}`) },
);
const queryString = fc
  .tuple(fc.array(param, { maxLength: 8 }), fc.constantFrom('&', '&', '&', '&&', ';'))
  .map(([params, separator]) => params.join(separator))
  // Stay under the server's 16 KiB header limit (past it Node answers 431 itself, before the app).
  .filter((qs) => qs.length <= 12 * 1024);
const route = fc.constantFrom('', '/by-page');

describe('feedback read routes under random query strings', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    await importEntries(t, CATALOG);
  });
  afterAll(async () => {
    await t.close();
  });

  function checkAnswer(res: RawResponse, path: string, suffix: string): void {
    const where = `GET ${path.slice(0, 300)} -> ${res.status} ${res.text.slice(0, 300)}`;
    expect(res.status, where).toBeLessThan(500);
    expect(res.contentType, where).toMatch(/^application\/json\b/);
    expect(res.text, where).not.toMatch(/\n\s+at /);
    const body = JSON.parse(res.text) as unknown;
    if (res.status === 200) {
      const official =
        suffix === '' ? '/v1/analytics/{projectId}/feedback' : '/v1/analytics/{projectId}/feedback/by-page';
      assertMatchesOfficial(officialResponseRef(official, 200), body);
      return;
    }
    expect(res.status, where).toBeGreaterThanOrEqual(400);
    assertMatchesOfficial(OFFICIAL_ERROR_REF, body);
    const { error, details, ...rest } = body as { error: unknown; details?: unknown };
    expect(typeof error, where).toBe('string');
    expect(rest, where).toEqual({});
    if (details !== undefined) {
      expect(Array.isArray(details), where).toBe(true);
      for (const detail of details as unknown[]) {
        expect(Object.keys(detail as object), where).toEqual(['message']);
        expect(typeof (detail as { message: unknown }).message, where).toBe('string');
      }
    }
  }

  it('never answers 5xx, and every 4xx carries the error body', async () => {
    let ok = 0;
    await fc.assert(
      fc.asyncProperty(route, queryString, async (suffix, qs) => {
        const path = `/v1/analytics/${t.projectId}/feedback${suffix}?${qs}`;
        const res = await rawGet(t, path);
        checkAnswer(res, path, suffix);
        if (res.status === 200) ok++;
      }),
      { numRuns: 600 },
    );
    // Guards the generator: a fair share of the random requests must be valid ones.
    expect(ok).toBeGreaterThan(30);
  });

  it('never answers 5xx for a random project id segment either', async () => {
    const segment = fc.oneof(
      fc.constant(t.projectId),
      encodedText.filter((s) => s !== ''),
      fc.array(rawToken, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
      fc.constantFrom('__proto__', 'constructor', '%2F', '.', '%2E%2E', 'prj_%00', '%E0%A4%A', 'x'.repeat(1024)),
    );
    await fc.assert(
      fc.asyncProperty(segment, route, queryString, async (projectId, suffix, qs) => {
        const path = `/v1/analytics/${projectId}/feedback${suffix}${qs === '' ? '' : `?${qs}`}`;
        checkAnswer(await rawGet(t, path), path, suffix);
      }),
      { numRuns: 400 },
    );
  });
});
