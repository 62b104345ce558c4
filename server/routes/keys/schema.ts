/** Schemas of the API key routes. */
import { z } from 'zod';
import { wellFormedText } from '../../domain/text.js';

/** A key as listed: never its secret. */
export const ApiKeySchema = z.strictObject({
  keyId: z.string(),
  name: z.string(),
  prefix: z.string().meta({ description: 'First characters of the key.' }),
  last4: z.string().meta({ description: 'Last four characters of the key.' }),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

/** 200 body of `GET /v1/keys`. */
export const ApiKeyListSchema = z.strictObject({ keys: z.array(ApiKeySchema) });

/** Body of `POST /v1/keys`. */
export const CreateKeyBodySchema = z.strictObject({
  name: wellFormedText().trim().min(1).max(200).meta({ description: 'What the key is for.' }),
});

/** 201 body of `POST /v1/keys`: the only time the key itself is shown. */
export const CreatedKeySchema = z.strictObject({
  key: z.string().meta({ description: 'The admin API key. Shown once: store it now.' }),
  keyId: z.string(),
});

/** Path of `DELETE /v1/keys/{keyId}`. */
export const KeyParamsSchema = z.object({ keyId: z.string().min(1).max(128) });
