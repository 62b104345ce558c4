/** Rows of the `api_keys` table. Only the SHA-256 of a key's secret is ever stored. */
import type { Db } from './connection.js';
import { cachedStatement } from './statementCache.js';

/** An API key as stored. */
export interface ApiKeyRow {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly secretHash: string;
  readonly prefix: string;
  readonly last4: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
  readonly revokedAt: number | null;
}

const COLUMNS = `id, org_id AS orgId, name, secret_hash AS secretHash, prefix, last4, created_at AS createdAt,
  last_used_at AS lastUsedAt, revoked_at AS revokedAt`;

/** Inserts a key. */
export function insertApiKey(db: Db, row: ApiKeyRow): void {
  cachedStatement(
    db,
    `INSERT INTO api_keys (id, org_id, name, secret_hash, prefix, last4, created_at, last_used_at, revoked_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.orgId,
    row.name,
    row.secretHash,
    row.prefix,
    row.last4,
    row.createdAt,
    row.lastUsedAt,
    row.revokedAt,
  );
}

/** Finds a key by the hash of its secret. */
export function findApiKeyByHash(db: Db, secretHash: string): ApiKeyRow | undefined {
  return cachedStatement(db, `SELECT ${COLUMNS} FROM api_keys WHERE secret_hash = ?`).get(secretHash) as
    ApiKeyRow | undefined;
}

/** Finds a key by id. */
export function findApiKey(db: Db, id: string): ApiKeyRow | undefined {
  return cachedStatement(db, `SELECT ${COLUMNS} FROM api_keys WHERE id = ?`).get(id) as ApiKeyRow | undefined;
}

/** Lists keys, oldest first; all of them, or one organization's. */
export function listApiKeys(db: Db, orgId?: string): ApiKeyRow[] {
  if (orgId === undefined) {
    return cachedStatement(db, `SELECT ${COLUMNS} FROM api_keys ORDER BY created_at, id`).all() as ApiKeyRow[];
  }
  return cachedStatement(db, `SELECT ${COLUMNS} FROM api_keys WHERE org_id = ? ORDER BY created_at, id`).all(
    orgId,
  ) as ApiKeyRow[];
}

/** Marks a key revoked; returns false when it does not exist or was already revoked. */
export function revokeApiKey(db: Db, id: string, at: number): boolean {
  return (
    cachedStatement(db, 'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id).changes >
    0
  );
}

/** Records a use of the key. */
export function touchApiKey(db: Db, id: string, at: number): void {
  cachedStatement(db, 'UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(at, id);
}
