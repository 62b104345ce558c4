/**
 * Who signed the bundle, and how far that is checked: against the fingerprint the receiver typed (pinned),
 * only against the key the bundle names itself (the receiver must compare it with the sender's), or not
 * at all (unsigned, altered, or another key's).
 */
import type { ManifestSummary } from '../../api/types.js';
import { Icon } from '../../ui/Icon.js';

/** A valid signature, but not by the key the receiver expected. */
function OtherKey({ signer, expected }: { signer: string; expected: string }) {
  return (
    <div className="callout danger signature" data-signature="other">
      <Icon name="alert" />
      <div>
        <strong>
          Signed by <span className="fingerprint">{signer}</span>, not by{' '}
          <span className="fingerprint">{expected}</span>
        </strong>
        <p>
          This is not the key you expected. Do not use the bundle: ask the sender for their fingerprint again (a rotated
          key has a new one) before you trust anything in it.
        </p>
      </div>
    </div>
  );
}

/**
 * The signature line of a receipt; `expected` is the fingerprint the check was asked to require. The
 * server names a valid signer (`signedBy`) even when it is not the expected key (`keyPinned` false).
 */
export function SignatureNote(props: { manifest: ManifestSummary; expected: string | null }) {
  const { manifest, expected } = props;
  const { signedBy, keyPinned } = manifest;
  if (signedBy !== null && expected !== null && !keyPinned) {
    return <OtherKey signer={signedBy} expected={expected} />;
  }
  if (signedBy === null) {
    return (
      <div className="callout danger signature" data-signature="none">
        <Icon name="alert" />
        <div>
          <strong>No valid signature{expected === null ? '' : ` from ${expected}`}</strong>
          <p>
            Nothing proves who made this bundle or that its manifest is the one they signed: the first problems below
            say why.
          </p>
        </div>
      </div>
    );
  }
  const fingerprint = (
    <span className="fingerprint" data-testid="signed-by">
      {signedBy}
    </span>
  );
  if (keyPinned) {
    return (
      <div className="callout success signature" data-signature="pinned">
        <Icon name="check" />
        <div>
          <strong>Signed by {fingerprint}</strong>
          <p>Checked against the fingerprint you entered: it is the key you expected.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="callout warn signature" data-signature="unpinned">
      <Icon name="alert" />
      <div>
        <strong>Signed by {fingerprint}</strong>
        <p>
          Not checked against a fingerprint you entered. Compare it, character by character, with the fingerprint the
          sender gives you (by phone or in person): anyone can sign a bundle with a key of their own.
        </p>
      </div>
    </div>
  );
}
