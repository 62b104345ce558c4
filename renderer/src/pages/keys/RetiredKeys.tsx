/**
 * Signing keys a rotation replaced: they sign nothing any more, but the bundles they signed still verify
 * with their fingerprint or public key file, so each stays listed with its own download.
 */
import type { SigningKey } from '../../api/types.js';
import { formatWhen } from '../../ui/format.js';
import { Icon } from '../../ui/Icon.js';
import { saveBlob } from '../../ui/saveBlob.js';

/** The public key file's name: `<org>-signing-key-<FINGERPRINT>.pem`, as the help text names it. */
export function publicKeyFileName(orgId: string, key: SigningKey): string {
  return `${orgId}-signing-key-${key.fingerprint}.pem`;
}

/** Saves `key`'s public key file (what `offprint signing-key export` writes). */
export function downloadPublicKey(orgId: string, key: SigningKey): void {
  saveBlob(new Blob([key.publicKeyPem], { type: 'application/x-pem-file' }), publicKeyFileName(orgId, key));
}

/** The retired keys, newest first (nothing when there are none). */
export function RetiredKeys({ orgId, keys }: { orgId: string; keys: readonly SigningKey[] }) {
  if (keys.length === 0) return null;
  return (
    <div className="stack">
      <h3 id="retired-title">Retired keys</h3>
      <p className="muted">
        They no longer sign. Bundles exported before a rotation still verify with the fingerprint of the key that signed
        them.
      </p>
      <ul className="key-list" aria-labelledby="retired-title">
        {keys.map((key) => (
          <li key={key.fingerprint} className="card retired-key" data-fingerprint={key.fingerprint}>
            <span className="fingerprint">{key.fingerprint}</span>
            <span className="muted small-text">
              Created {formatWhen(key.createdAt)} · retired {formatWhen(key.retiredAt)}
            </span>
            <button
              type="button"
              className="button small"
              aria-label={`Download public key ${key.fingerprint}`}
              onClick={() => downloadPublicKey(orgId, key)}
            >
              <Icon name="download" /> Public key
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
