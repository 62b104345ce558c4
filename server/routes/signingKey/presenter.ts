/** API bodies of signing keys. */
import type { z } from 'zod';
import { exportPublicKey, type SigningKeyView } from '../../domain/signingKeys.js';
import type { SiteDeps } from '../../deps.js';
import type { SigningKeySchema } from './schema.js';

/** One key, with its public key file. */
export function presentSigningKey(deps: SiteDeps, key: SigningKeyView): z.output<typeof SigningKeySchema> {
  return {
    fingerprint: key.fingerprint,
    publicKey: key.publicKey,
    publicKeyPem: exportPublicKey(deps, key.orgId, key.fingerprint),
    createdAt: key.createdAt,
    retiredAt: key.retiredAt,
    current: key.current,
  };
}
