/**
 * Admin API keys: their format and checksum, how they are stored, listed, touched and revoked.
 * Authentication failures and organization isolation over HTTP are in keys-auth.test.ts.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../server/config.js';
import { openDatabase } from '../server/db/connection.js';
import { createApiKey } from '../server/domain/apiKeys.js';
import { generateApiKey, isWellFormedApiKey } from '../server/domain/apiKeyToken.js';
import { defaultOrganizationId } from '../server/domain/organizations.js';
import { silentLogger } from '../server/logger.js';
import { openRuntime } from '../server/runtime.js';
import { startAppServer } from './helpers/appServer.js';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_SHAPE = /^offp_[0-9A-Za-z]{38}$/;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('key format', () => {
  it('is offp_ followed by 38 base62 characters, different every time, and passes its own checksum', () => {
    const keys = Array.from({ length: 500 }, () => generateApiKey());
    for (const key of keys) {
      expect(key).toMatch(KEY_SHAPE);
      expect(isWellFormedApiKey(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
    // 32 random characters: over 500 keys every base62 character turns up in the random part.
    expect(new Set(keys.flatMap((k) => [...k.slice(5, 37)])).size).toBe(62);
  });

  it('rejects every single-character substitution, at every position, by the checksum alone', () => {
    const key = generateApiKey();
    let tried = 0;
    for (let position = 5; position < key.length; position++) {
      for (const replacement of BASE62) {
        if (replacement === key[position]) continue;
        const mutated = key.slice(0, position) + replacement + key.slice(position + 1);
        expect(mutated).toMatch(KEY_SHAPE);
        expect(isWellFormedApiKey(mutated), mutated).toBe(false);
        tried++;
      }
    }
    expect(tried).toBe(38 * 61);
  });

  it('rejects a truncated, extended, re-prefixed or transposed key', () => {
    const key = generateApiKey();
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}A`)).toBe(false);
    expect(isWellFormedApiKey(`offs_${key.slice(5)}`)).toBe(false);
    expect(isWellFormedApiKey(key.toUpperCase() === key ? key.toLowerCase() : key.toUpperCase())).toBe(false);
    const i = [...key.slice(5)].findIndex((c, n, all) => c !== all[n + 1]) + 5;
    const swapped = key.slice(0, i) + key.charAt(i + 1) + key.charAt(i) + key.slice(i + 2);
    expect(isWellFormedApiKey(swapped)).toBe(false);
    expect(isWellFormedApiKey('')).toBe(false);
  });

  it('is what `keys create` hands out', async () => {
    const dataDir = tempDir();
    const created = await cli(['keys', 'create', '--json', '--data-dir', dataDir]);
    expect(created.code).toBe(0);
    const { key } = JSON.parse(created.stdout) as { key: string };
    expect(key).toMatch(KEY_SHAPE);
    expect(isWellFormedApiKey(key)).toBe(true);
  });
});

describe('a mistyped key is refused before any database lookup', () => {
  // The server's database handle is closed: any lookup would fail (a 500). A 401 therefore proves the
  // key was refused on its checksum alone.
  it('answers a one-character typo with 401, while a well-formed key does reach the (broken) database', async () => {
    const dataDir = tempDir();
    const runtime = openRuntime(dataDir, silentLogger());
    const key = createApiKey(runtime, { orgId: defaultOrganizationId(runtime), name: 'k' }).key;
    const closedDb = openDatabase(databaseFile(dataDir));
    closedDb.close();
    const server = await startAppServer(runtime, { deps: { db: closedDb } });
    try {
      const last = key.at(-1) === 'a' ? 'b' : 'a';
      const typo = `${key.slice(0, -1)}${last}`;
      const refused = await fetch(`${server.url}/v1/projects`, { headers: { Authorization: `Bearer ${typo}` } });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: 'The API key is malformed' });

      const looked = await fetch(`${server.url}/v1/projects`, { headers: { Authorization: `Bearer ${key}` } });
      expect(looked.status).toBe(500);
      expect(await looked.json()).toEqual({ error: 'Internal server error' });
    } finally {
      await server.close();
      runtime.close();
    }
  });
});

describe('storage', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  function dataDirBytes(): Buffer {
    return Buffer.concat(readdirSync(t.dataDir).map((name) => readFileSync(join(t.dataDir, name))));
  }

  it('keeps only the SHA-256 of a key: the secret is in no file of the data dir and no api_keys column', async () => {
    const res = await t.api('/v1/keys', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'stored' }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { key: string; keyId: string };
    expect(created.key).toMatch(KEY_SHAPE);
    expect(isWellFormedApiKey(created.key)).toBe(true);
    const viaCli = JSON.parse((await cli(['keys', 'create', '--json', '--data-dir', t.dataDir])).stdout) as {
      key: string;
      keyId: string;
    };
    const keys = [t.key, created.key, viaCli.key];

    const rows = t.runtime.db.prepare('SELECT * FROM api_keys ORDER BY created_at, id').all() as Record<
      string,
      unknown
    >[];
    expect(rows).toHaveLength(3);
    for (const key of keys) {
      const row = rows.find((r) => r['secret_hash'] === sha256(key));
      expect(row, 'row stored under the key hash').toBeDefined();
      expect(row?.['prefix']).toBe(key.slice(0, 9));
      expect(row?.['last4']).toBe(key.slice(-4));
      for (const r of rows) for (const value of Object.values(r)) expect(String(value)).not.toContain(key.slice(9, -4));
    }

    // Both while the write-ahead log holds the rows and after they are checkpointed into the main file.
    for (const phase of ['wal', 'checkpointed']) {
      if (phase === 'checkpointed') t.runtime.db.pragma('wal_checkpoint(TRUNCATE)');
      const bytes = dataDirBytes();
      for (const key of keys) {
        expect(bytes.indexOf(Buffer.from(sha256(key))), `${phase}: hash present`).toBeGreaterThanOrEqual(0);
        expect(bytes.indexOf(Buffer.from(key)), `${phase}: key absent`).toBe(-1);
        expect(bytes.indexOf(Buffer.from(key.slice(9, -4))), `${phase}: secret part absent`).toBe(-1);
      }
    }
  });
});
