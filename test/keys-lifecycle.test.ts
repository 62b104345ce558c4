/** Listing keys (prefix, last 4, created, last used), last-used tracking and immediate revocation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const T0 = Date.UTC(2026, 0, 31, 9, 0, 0);
const iso = (ms: number): string => new Date(ms).toISOString();

interface ListedKey {
  keyId: string;
  name: string;
  prefix: string;
  last4: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

describe('key lifecycle', () => {
  const clock = { now: T0 };
  let t: TestServer;
  let adminKeyId: string;
  let second: { key: string; keyId: string };

  beforeAll(async () => {
    t = await startTestServer({ now: () => clock.now });
    clock.now = T0 + 60_000;
    const res = await t.api('/v1/keys', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'ci export' }),
    });
    expect(res.status).toBe(201);
    second = (await res.json()) as { key: string; keyId: string };
    const keys = ((await (await t.api('/v1/keys')).json()) as { keys: ListedKey[] }).keys;
    adminKeyId = keys.find((k) => k.name === 'test')?.keyId ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  const listKeys = async (): Promise<ListedKey[]> => {
    const res = await t.api('/v1/keys');
    expect(res.status).toBe(200);
    return ((await res.json()) as { keys: ListedKey[] }).keys;
  };
  const useSecond = (): Promise<Response> =>
    fetch(`${t.url}/v1/projects`, { headers: { Authorization: `Bearer ${second.key}` } });

  it('lists every key with its prefix, last four characters, creation and last use, never the secret', async () => {
    expect(await listKeys()).toEqual([
      {
        keyId: adminKeyId,
        name: 'test',
        prefix: t.key.slice(0, 9),
        last4: t.key.slice(-4),
        createdAt: iso(T0),
        lastUsedAt: iso(T0 + 60_000),
        revokedAt: null,
      },
      {
        keyId: second.keyId,
        name: 'ci export',
        prefix: second.key.slice(0, 9),
        last4: second.key.slice(-4),
        createdAt: iso(T0 + 60_000),
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    const cliList = await cli(['keys', 'list', '--json', '--data-dir', t.dataDir]);
    expect(cliList.code).toBe(0);
    expect(JSON.parse(cliList.stdout)).toEqual({
      keys: [
        {
          keyId: adminKeyId,
          orgId: t.orgId,
          name: 'test',
          prefix: t.key.slice(0, 9),
          last4: t.key.slice(-4),
          createdAt: iso(T0),
          lastUsedAt: iso(T0 + 60_000),
          revokedAt: null,
        },
        {
          keyId: second.keyId,
          orgId: t.orgId,
          name: 'ci export',
          prefix: second.key.slice(0, 9),
          last4: second.key.slice(-4),
          createdAt: iso(T0 + 60_000),
          lastUsedAt: null,
          revokedAt: null,
        },
      ],
    });
    const table = await cli(['keys', 'list', '--data-dir', t.dataDir]);
    expect(table.stdout).toContain(`${second.key.slice(0, 9)}…${second.key.slice(-4)}`);
    for (const out of [cliList.stdout, table.stdout]) {
      expect(out).not.toContain(second.key);
      expect(out).not.toContain(t.key);
    }
  });

  it('records when a key was last used (refreshed at most every 30 seconds)', async () => {
    const lastUsed = async (): Promise<string | null> =>
      (await listKeys()).find((k) => k.keyId === second.keyId)?.lastUsedAt ?? 'missing';

    clock.now = T0 + 120_000;
    expect((await useSecond()).status).toBe(200);
    expect(await lastUsed()).toBe(iso(T0 + 120_000));

    clock.now = T0 + 120_000 + 29_999;
    expect((await useSecond()).status).toBe(200);
    expect(await lastUsed()).toBe(iso(T0 + 120_000));

    clock.now = T0 + 150_000;
    expect((await useSecond()).status).toBe(200);
    expect(await lastUsed()).toBe(iso(T0 + 150_000));
  });

  it('revokes a key over HTTP: its very next request is refused', async () => {
    clock.now = T0 + 200_000;
    expect((await useSecond()).status).toBe(200);
    const revoked = await t.api(`/v1/keys/${second.keyId}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({
      keyId: second.keyId,
      name: 'ci export',
      prefix: second.key.slice(0, 9),
      last4: second.key.slice(-4),
      createdAt: iso(T0 + 60_000),
      lastUsedAt: iso(T0 + 200_000),
      revokedAt: iso(T0 + 200_000),
    });
    const refused = await useSecond();
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="offprint"');
    expect(await refused.json()).toMatchObject({ error: 'The API key is not valid or was revoked' });
  });

  it('revokes a key from the CLI on the served data dir: the server refuses it on the next request', async () => {
    const created = await cli(['keys', 'create', '--json', '--name', 'short-lived', '--data-dir', t.dataDir]);
    const { key, keyId } = JSON.parse(created.stdout) as { key: string; keyId: string };
    const use = (): Promise<Response> => fetch(`${t.url}/v1/keys`, { headers: { Authorization: `Bearer ${key}` } });
    expect((await use()).status).toBe(200);

    const revoke = await cli(['keys', 'revoke', keyId, '--json', '--data-dir', t.dataDir]);
    expect(revoke).toMatchObject({ code: 0, stderr: '' });
    // The CLI runs on the real clock, not the test server's.
    const { revokedAt } = JSON.parse(revoke.stdout) as { revokedAt: string };
    expect(JSON.parse(revoke.stdout)).toEqual({ keyId, revokedAt: new Date(revokedAt).toISOString() });
    expect((await listKeys()).find((k) => k.keyId === keyId)?.revokedAt).toBe(revokedAt);
    const refused = await use();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'The API key is not valid or was revoked' });
  });

  it('refuses a name with a lone UTF-16 surrogate, which SQLite would store as U+FFFD, and creates no key', async () => {
    const before = (await listKeys()).length;
    const res = await t.api('/v1/keys', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'broken \udc00 name' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { details: { message: string }[] }).details).toEqual([
      { message: 'name: must be well-formed Unicode (it holds a lone UTF-16 surrogate)' },
    ]);
    expect(await listKeys()).toHaveLength(before);
  });

  it('refuses to revoke a key that does not exist', async () => {
    const res = await t.api('/v1/keys/key_0000000000000000', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: 'API key key_0000000000000000 does not exist',
      details: [
        {
          message: 'no API key has the ID "key_0000000000000000"; GET /v1/keys lists the API keys of your organization',
        },
      ],
    });
    const viaCli = await cli(['keys', 'revoke', 'key_0000000000000000', '--data-dir', t.dataDir]);
    expect(viaCli).toEqual({
      code: 1,
      stdout: '',
      stderr: `offprint: API key key_0000000000000000 was not found in the data dir ${t.dataDir}\nRun \`offprint keys list\` to see the API keys there.\n`,
    });
  });
});
