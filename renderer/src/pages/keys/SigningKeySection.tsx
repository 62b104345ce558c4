/**
 * The organization's bundle signing key: its fingerprint, large enough to read aloud to whoever receives
 * a bundle, the public key file to hand over, the keys it replaced (bundles they signed still verify with
 * them), and rotation behind a confirmation that says what it changes.
 */
import { useCallback, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { RotatedKey, SigningKey } from '../../api/types.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { CopyButton } from '../../ui/CopyButton.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { formatWhen } from '../../ui/format.js';
import { Icon } from '../../ui/Icon.js';
import { useLoad } from '../../ui/useLoad.js';
import { downloadPublicKey, publicKeyFileName, RetiredKeys } from './RetiredKeys.js';
import { Command } from '../../ui/Command.js';

/** What to do with the fingerprint on the receiving side. */
function HowToCheck({ orgId, signingKey }: { orgId: string; signingKey: SigningKey }) {
  return (
    <div className="signing-how">
      <h3>How the receiving side checks a bundle</h3>
      <ol>
        <li>
          Read this fingerprint to them yourself (by phone, in person), not on the medium that carries the bundle.
        </li>
        <li>
          They run this, or unzip the bundle, open its <code>verify.html</code> and type the fingerprint:
          <Command className="command" text={`offprint verify bundle.zip --fingerprint ${signingKey.fingerprint}`} />
        </li>
        <li>
          Or they keep the public key file (download it here) and run:
          <Command
            className="command"
            text={`offprint verify bundle.zip --public-key ${publicKeyFileName(orgId, signingKey)}`}
          />
        </li>
      </ol>
    </div>
  );
}

function CurrentKey(props: { orgId: string; signingKey: SigningKey; onRotate: () => void }) {
  const { orgId, signingKey } = props;
  return (
    <div className="card signing-card">
      <div className="stack signing-main">
        <div>
          <p className="small-text muted" id="signing-fp-label">
            Fingerprint
          </p>
          <p className="fingerprint large" aria-labelledby="signing-fp-label" data-testid="signing-fingerprint">
            {signingKey.fingerprint}
          </p>
          <p className="muted small-text">Ed25519 · created {formatWhen(signingKey.createdAt)}</p>
          <p className="muted small-text">Letters A–Z and digits 2–7 only: a round character is the letter O.</p>
        </div>
        <div className="row">
          <CopyButton text={signingKey.fingerprint} label="Copy fingerprint" />
          <button type="button" className="button small" onClick={() => downloadPublicKey(orgId, signingKey)}>
            <Icon name="download" /> Download public key
          </button>
          <button type="button" className="button small danger" onClick={props.onRotate}>
            <Icon name="refresh" /> Rotate key
          </button>
        </div>
      </div>
      <HowToCheck orgId={orgId} signingKey={signingKey} />
    </div>
  );
}

/** The signing key section of the keys page. */
export function SigningKeySection({ api }: { api: ApiClient }) {
  const load = useCallback(() => api.signingKeys(), [api]);
  const { data, error: loadError, reload } = useLoad(load);
  const [confirming, setConfirming] = useState(false);
  const [rotated, setRotated] = useState<RotatedKey | null>(null);
  const [error, setError] = useState<unknown>(null);
  const rotate = () => {
    setConfirming(false);
    setError(null);
    api.rotateSigningKey().then((r) => (setRotated(r), void reload()), setError);
  };
  const retired = data?.keys.filter((k) => !k.current) ?? [];
  return (
    <section className="section" aria-labelledby="signing-title">
      <h2 id="signing-title">Bundle signing key</h2>
      <p className="muted">
        Every bundle this Offprint exports carries a signature made with this key, so whoever receives it can tell it
        comes from you and was not changed on the way.
      </p>
      <ErrorNote error={loadError ?? error} />
      {rotated !== null && (
        <p className="callout success" role="status">
          New key {rotated.current.fingerprint}: bundles exported from now on carry it. The previous key{' '}
          {rotated.previous.fingerprint} is retired; tell the receiving side the new fingerprint.
        </p>
      )}
      {data === undefined ? (
        loadError === null && <p className="muted">Loading…</p>
      ) : (
        <>
          <CurrentKey orgId={data.orgId} signingKey={data.current} onRotate={() => setConfirming(true)} />
          <RetiredKeys orgId={data.orgId} keys={retired} />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Rotate the bundle signing key?"
        confirmLabel="Rotate key"
        danger
        onConfirm={rotate}
        onCancel={() => setConfirming(false)}
      >
        <ul className="dialog-list">
          <li>Bundles exported from now on are signed with a new key, with a new fingerprint.</li>
          <li>
            Receivers who check against the current fingerprint will see the next bundles fail until you give them the
            new one.
          </li>
          <li>
            Bundles already exported stay valid: they verify with the old fingerprint, whose public key stays listed
            here as retired. The old key can no longer sign; this cannot be undone.
          </li>
        </ul>
      </ConfirmDialog>
    </section>
  );
}
