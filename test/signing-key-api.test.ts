/**
 * `GET /v1/signing-key` and `POST /v1/signing-key/rotate` (Offprint extensions) against a real server:
 * the organization's fingerprint and public key file (never the private key), rotation keeping the old
 * key listed, and the bundle endpoint naming the key that signed each job's bundle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePublicKey, fingerprintOf } from '../server/signing/ed25519.js';
import { startTestServer, type TestServer } from './helpers/server.js';

interface Key {
  fingerprint: string;
  publicKey: string;
  publicKeyPem: string;
  current: boolean;
  retiredAt: string | null;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('/v1/signing-key', () => {
  it('shows the current key: fingerprint, public key and its file, never a private key', async () => {
    const res = await server.api('/v1/signing-key');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('PRIVATE');
    const body = JSON.parse(text) as { orgId: string; current: Key; keys: Key[] };
    expect(body.orgId).toBe(server.orgId);
    expect(body.current.current).toBe(true);
    const raw = parsePublicKey(body.current.publicKeyPem);
    expect(raw.toString('base64')).toBe(body.current.publicKey);
    expect(fingerprintOf(raw)).toBe(body.current.fingerprint);
    expect(body.keys).toEqual([body.current]);
  });

  it('rotates: a new current key, the old one listed as retired', async () => {
    const before = ((await (await server.api('/v1/signing-key')).json()) as { current: Key }).current;
    const res = await server.api('/v1/signing-key/rotate', { method: 'POST' });
    expect(res.status).toBe(200);
    const { previous, current } = (await res.json()) as { previous: Key; current: Key };
    expect(previous.fingerprint).toBe(before.fingerprint);
    expect(current.fingerprint).not.toBe(before.fingerprint);
    const listed = (await (await server.api('/v1/signing-key')).json()) as { keys: Key[] };
    expect(listed.keys.map((k) => [k.fingerprint, k.current, k.retiredAt === null])).toEqual([
      [current.fingerprint, true, true],
      [before.fingerprint, false, false],
    ]);
  });

  it('needs an admin key', async () => {
    const res = await fetch(`${server.url}/v1/signing-key`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
  });
});
