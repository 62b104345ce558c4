/** Response bodies of the API key routes. */
import type { z } from 'zod';
import type { ApiKeyRow } from '../../db/apiKeys.js';
import type { ApiKeySchema } from './schema.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A key without its secret. */
export function presentApiKey(row: ApiKeyRow): z.output<typeof ApiKeySchema> {
  return {
    keyId: row.id,
    name: row.name,
    prefix: row.prefix,
    last4: row.last4,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  };
}
