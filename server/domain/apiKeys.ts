/** Admin API keys: creation (shown once), listing, revocation and authentication. */
import { writeTransaction } from '../db/connection.js';
import {
  findApiKey,
  findApiKeyByHash,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
  type ApiKeyRow,
} from '../db/apiKeys.js';
import type { Deps } from '../deps.js';
import { AuthenticationError, NotFoundError } from '../errors.js';
import { generateApiKey, hashApiKey, isWellFormedApiKey, keyHints } from './apiKeyToken.js';
import { prefixedId } from './ids.js';
import { requireOrganization } from './organizations.js';

/** How stale `last_used_at` may get before a request refreshes it (saves a write per request). */
const LAST_USED_RESOLUTION_MS = 30_000;

/** A newly created key: the only time the secret is available. */
export interface CreatedApiKey {
  readonly key: string;
  readonly row: ApiKeyRow;
}

/** Creates a key for an organization. */
export function createApiKey(deps: Deps, input: { orgId: string; name: string }): CreatedApiKey {
  return writeTransaction(deps.db, () => {
    requireOrganization(deps, input.orgId);
    const key = generateApiKey();
    const row: ApiKeyRow = {
      id: prefixedId('key'),
      orgId: input.orgId,
      name: input.name,
      secretHash: hashApiKey(key),
      ...keyHints(key),
      createdAt: deps.now(),
      lastUsedAt: null,
      revokedAt: null,
    };
    insertApiKey(deps.db, row);
    return { key, row };
  });
}

/**
 * Lists keys (never their secrets), of one organization when `orgId` is given. An organization that does
 * not exist is "not found", as everywhere else, not an empty list: a mistyped ID must not read as "no keys".
 */
export function listKeys(deps: Deps, orgId?: string): ApiKeyRow[] {
  if (orgId !== undefined) requireOrganization(deps, orgId);
  return listApiKeys(deps.db, orgId);
}

/** Revokes a key; it stops working on the next request. */
export function revokeKey(deps: Deps, keyId: string): ApiKeyRow {
  return writeTransaction(deps.db, () => {
    const key = findApiKey(deps.db, keyId);
    if (key === undefined) throw NotFoundError(`API key ${keyId} does not exist`, { kind: 'apiKey', id: keyId });
    revokeApiKey(deps.db, keyId, deps.now());
    return findApiKey(deps.db, keyId) ?? key;
  });
}

/** The caller a valid key identifies. */
export interface Principal {
  readonly keyId: string;
  readonly orgId: string;
}

/**
 * Resolves a presented key to its organization. Malformed keys are rejected without touching the
 * database; unknown and revoked keys get the same answer.
 */
export function authenticate(deps: Deps, presented: string): Principal {
  if (!isWellFormedApiKey(presented)) {
    throw AuthenticationError(
      'The API key is malformed',
      'an admin API key is offp_ and 38 letters or digits ending in a checksum; check it was copied whole',
    );
  }
  const row = findApiKeyByHash(deps.db, hashApiKey(presented));
  if (row === undefined || row.revokedAt !== null) {
    throw AuthenticationError(
      'The API key is not valid or was revoked',
      'no active key of this server matches it; `offprint keys list` shows the keys of its data dir',
    );
  }
  const now = deps.now();
  if (row.lastUsedAt === null || now - row.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
    writeTransaction(deps.db, () => touchApiKey(deps.db, row.id, now));
  }
  return { keyId: row.id, orgId: row.orgId };
}

/** Revokes one of an organization's keys; another organization's key looks nonexistent. */
export function revokeKeyInOrg(deps: Deps, orgId: string, keyId: string): ApiKeyRow {
  const key = findApiKey(deps.db, keyId);
  if (key === undefined || key.orgId !== orgId)
    throw NotFoundError(`API key ${keyId} does not exist`, { kind: 'apiKey', id: keyId });
  return revokeKey(deps, keyId);
}
