/**
 * Throttling of failed authentications (reliability plan K3): past 20 failures a minute, presented but
 * failing credentials get 429 with Retry-After instead of 401, and a valid key is never refused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey, revokeKey } from '../server/domain/apiKeys.js';
import { generateApiKey } from '../server/domain/apiKeyToken.js';
import { AUTH_FAILURE_LIMIT, AuthFailureThrottle } from '../server/http/middleware/auth.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const T0 = Date.UTC(2026, 0, 31, 9, 0, 0);
const THROTTLED = { error: 'Too many failed authentication attempts: try again later' };

describe('failed authentications over HTTP', () => {
  let t: TestServer;
  let clock = T0;
  let revoked: string;

  beforeEach(async () => {
    clock = T0;
    t = await startTestServer({ now: () => clock });
    const created = createApiKey(t.runtime, { orgId: t.orgId, name: 'revoked' });
    revokeKey(t.runtime, created.row.id);
    revoked = created.key;
  });
  afterEach(async () => {
    await t.close();
  });

  const send = (authorization?: string): Promise<Response> =>
    fetch(`${t.url}/v1/projects`, { headers: authorization === undefined ? {} : { Authorization: authorization } });

  /** Every kind of failing credential, in turn. */
  const badCredential = (i: number): string => {
    switch (i % 6) {
      case 0:
        return `Bearer ${generateApiKey()}`;
      case 1:
        return `Bearer ${t.key.slice(0, -1)}${t.key.endsWith('A') ? 'B' : 'A'}`;
      case 2:
        return `Bearer ${revoked}`;
      case 3:
        return 'Basic eDp5';
      case 4:
        return 'Bearer offs_not-a-session';
      default:
        return `Bearer sk_live_${i}`;
    }
  };

  it('answers 1,000 bad keys in 50 s with 401 up to the limit, then 429 with Retry-After, while a valid key keeps working', async () => {
    const bad: { status: number; retryAfter: string | null; body: unknown; at: number }[] = [];
    const valid: number[] = [];
    for (let i = 0; i < 1000; i++) {
      clock = T0 + i * 50;
      const res = await send(badCredential(i));
      bad.push({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json(), at: clock });
      if (i % 10 === 5) valid.push((await send(`Bearer ${t.key}`)).status);
    }
    expect(bad.slice(0, AUTH_FAILURE_LIMIT).map((r) => r.status)).toEqual(Array(AUTH_FAILURE_LIMIT).fill(401));
    const throttled = bad.slice(AUTH_FAILURE_LIMIT);
    expect(throttled).toHaveLength(980);
    for (const r of throttled) {
      expect(r).toMatchObject({ status: 429, body: THROTTLED });
      // The address window opened with the first failure, at T0, and lasts 60 s. A repeated credential (the
      // revoked key) is also over on its prefix, whose window opened at its first use, at most 250 ms later:
      // the answer is the longer wait.
      const untilWindowEnds = (end: number): string => String(Math.ceil((end - r.at) / 1000));
      expect([untilWindowEnds(T0 + 60_000), untilWindowEnds(T0 + 60_250)]).toContain(r.retryAfter);
    }
    expect(valid).toEqual(Array(100).fill(200));
  });

  it('starts counting afresh when the window ends', async () => {
    for (let i = 0; i < AUTH_FAILURE_LIMIT; i++) expect((await send(`Bearer ${generateApiKey()}`)).status).toBe(401);
    const first = await send(`Bearer ${generateApiKey()}`);
    expect([first.status, first.headers.get('retry-after')]).toEqual([429, '60']);
    clock = T0 + 59_999;
    const last = await send(`Bearer ${revoked}`);
    expect([last.status, last.headers.get('retry-after')]).toEqual([429, '1']);
    expect(await last.json()).toEqual({
      ...THROTTLED,
      details: [{ message: 'wait 1 s (Retry-After), then send the request again' }],
    });

    clock = T0 + 60_000;
    const again = await send(`Bearer ${revoked}`);
    expect(again.status).toBe(401);
    expect(again.headers.get('www-authenticate')).toBe('Bearer realm="offprint"');
    expect(await again.json()).toMatchObject({ error: 'The API key is not valid or was revoked' });
    for (let i = 1; i < AUTH_FAILURE_LIMIT; i++) expect((await send(`Bearer ${generateApiKey()}`)).status).toBe(401);
    expect((await send(`Bearer ${generateApiKey()}`)).status).toBe(429);
  });

  it('counts neither requests without an Authorization header nor requests with a valid key', async () => {
    for (let i = 0; i < 50; i++) {
      expect((await send()).status).toBe(401);
      expect((await send(`Bearer ${t.key}`)).status).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_FAILURE_LIMIT; i++) statuses.push((await send(`Bearer ${generateApiKey()}`)).status);
    expect(statuses).toEqual([...Array<number>(AUTH_FAILURE_LIMIT).fill(401), 429]);
    // Without a credential there is nothing to throttle: still the plain 401.
    expect((await send()).status).toBe(401);
  });
});

describe('AuthFailureThrottle', () => {
  let clock = T0;
  const throttle = (): AuthFailureThrottle => new AuthFailureThrottle({ now: () => clock });

  it('throttles one key prefix tried from many addresses', () => {
    clock = T0;
    const th = throttle();
    const key = generateApiKey();
    const results = Array.from({ length: 25 }, (_, i) => th.recordFailure(`10.0.0.${i}`, `${key.slice(0, -1)}x`));
    expect(results.slice(0, AUTH_FAILURE_LIMIT)).toEqual(Array(AUTH_FAILURE_LIMIT).fill(undefined));
    for (const result of results.slice(AUTH_FAILURE_LIMIT)) {
      expect(result?.refusal).toMatchObject({ status: 429, headers: { 'Retry-After': '60' } });
    }
    // Another prefix from yet another address is not affected.
    expect(th.recordFailure('10.0.1.1', generateApiKey())).toBeUndefined();
  });

  it('keeps addresses and prefixes apart, reports the first refusal of a window once, and waits for the later window', () => {
    clock = T0;
    const th = throttle();
    for (let i = 0; i < AUTH_FAILURE_LIMIT; i++) expect(th.recordFailure('10.0.0.1', generateApiKey())).toBeUndefined();
    // The prefix window of `sameKey` opens 30 s later than the address window.
    clock = T0 + 30_000;
    const sameKey = generateApiKey();
    for (let i = 0; i < AUTH_FAILURE_LIMIT; i++) expect(th.recordFailure(`10.0.2.${i}`, sameKey)).toBeUndefined();
    const both = th.recordFailure('10.0.0.1', sameKey);
    // Over on both counts: wait for the later window (the prefix's, ending at T0 + 90 s).
    expect(both?.refusal.headers).toEqual({ 'Retry-After': '60' });
    expect(both?.first).toBe(true);
    expect(th.recordFailure('10.0.0.1', generateApiKey())?.first).toBe(false);
    expect(th.recordFailure('10.0.0.2', generateApiKey())).toBeUndefined();
  });
});
