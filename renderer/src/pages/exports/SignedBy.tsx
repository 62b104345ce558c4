/** The key that signed a completed job's bundle: what the receiving side checks the bundle against. */
import { CopyButton } from '../../ui/CopyButton.js';

/** The "Signed by" fact of a job card (a wide `.facts` entry). */
export function SignedBy({ fingerprint }: { fingerprint: string | null }) {
  return (
    <div className="fact-wide">
      <dt>Signed by</dt>
      <dd className="row">
        {fingerprint === null ? (
          <span className="muted">Not signed (exported before bundles were signed)</span>
        ) : (
          <>
            <span className="fingerprint" data-testid="signed-by">
              {fingerprint}
            </span>
            <CopyButton text={fingerprint} label="Copy signing fingerprint" />
            <span className="muted small-text">Read it to the receiving side; they check the bundle against it.</span>
          </>
        )}
      </dd>
    </div>
  );
}
