/** Schemas of `/v1/signing-key` (Offprint extension): the organization's bundle signing key. */
import { z } from 'zod';

/** One key: never its private half. */
export const SigningKeySchema = z.strictObject({
  fingerprint: z.string().meta({
    description: 'Short fingerprint (XXXX-XXXX-XXXX-XXXX) people read to each other to agree on the key.',
  }),
  publicKey: z.string().meta({ description: 'Base64 of the raw 32-byte Ed25519 public key.' }),
  publicKeyPem: z.string().meta({
    description: 'The public key file `verify --public-key` takes (what `offprint signing-key export` writes).',
  }),
  createdAt: z.string(),
  retiredAt: z.string().nullable().meta({ description: 'When it was rotated out; null for the current key.' }),
  current: z.boolean(),
});

/** 200 body of `GET /v1/signing-key`. */
export const SigningKeysSchema = z.strictObject({
  orgId: z.string(),
  current: SigningKeySchema,
  keys: z.array(SigningKeySchema).meta({ description: 'Every key, the current one first, then retired ones.' }),
});

/** 200 body of `POST /v1/signing-key/rotate`. */
export const RotatedKeySchema = z.strictObject({ previous: SigningKeySchema, current: SigningKeySchema });
