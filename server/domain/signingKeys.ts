/**
 * Organizations' bundle signing keys (see server/signing/keyStore.ts for where they live): what the
 * `signing-key` command and the API show. The private half never leaves the key store.
 */
import type { SiteDeps } from '../deps.js';
import { publicKeyPem } from '../signing/ed25519.js';
import {
  listSigningKeys,
  loadOrCreateSigningKey,
  rotateSigningKey,
  type PublicSigningKey,
} from '../signing/keyStore.js';
import { NotFoundError } from '../errors.js';
import { requireOrganization } from './organizations.js';

/** One key as people see it. */
export interface SigningKeyView {
  readonly orgId: string;
  readonly fingerprint: string;
  /** Base64 of the raw 32-byte Ed25519 public key. */
  readonly publicKey: string;
  readonly createdAt: string;
  readonly retiredAt: string | null;
  readonly current: boolean;
}

function view(orgId: string, key: PublicSigningKey): SigningKeyView {
  return {
    orgId,
    fingerprint: key.fingerprint,
    publicKey: key.publicKey.toString('base64'),
    createdAt: key.createdAt,
    retiredAt: key.retiredAt ?? null,
    current: key.retiredAt === undefined,
  };
}

/** The organization's keys, the current one first (created now if it has none yet). */
export function organizationSigningKeys(deps: SiteDeps, orgId: string): SigningKeyView[] {
  requireOrganization(deps, orgId);
  loadOrCreateSigningKey(deps.dataDir, orgId, new Date(deps.now()));
  return listSigningKeys(deps.dataDir, orgId).map((key) => view(orgId, key));
}

/** The organization's current key (created on first use). */
export function currentSigningKey(deps: SiteDeps, orgId: string): SigningKeyView {
  requireOrganization(deps, orgId);
  return view(orgId, loadOrCreateSigningKey(deps.dataDir, orgId, new Date(deps.now())));
}

/** Replaces the organization's key; the old public key stays listed (retired) and exportable. */
export function rotateOrganizationKey(
  deps: SiteDeps,
  orgId: string,
): { previous: SigningKeyView; current: SigningKeyView } {
  const previous = currentSigningKey(deps, orgId);
  const current = view(orgId, rotateSigningKey(deps.dataDir, orgId, new Date(deps.now())));
  return { previous: { ...previous, current: false, retiredAt: current.createdAt }, current };
}

/**
 * The public key file `signing-key export` writes: comment lines naming the organization, fingerprint
 * and dates, then the PEM block (`verify --public-key` and `apply --public-key` read it).
 */
export function exportPublicKey(deps: SiteDeps, orgId: string, fingerprint?: string): string {
  const org = requireOrganization(deps, orgId);
  const keys = organizationSigningKeys(deps, orgId);
  const key = fingerprint === undefined ? keys[0] : keys.find((k) => k.fingerprint === fingerprint.toUpperCase());
  if (key === undefined) throw NotFoundError(`Organization ${orgId} has no signing key ${fingerprint ?? ''}`.trim());
  const lines = [
    `Offprint bundle signing key of ${org.name} (${orgId})`,
    `Fingerprint: ${key.fingerprint}`,
    `Created: ${key.createdAt}${key.retiredAt === null ? '' : `, retired: ${key.retiredAt}`}`,
  ];
  return `${lines.join('\n')}\n${publicKeyPem(Buffer.from(key.publicKey, 'base64'))}`;
}
