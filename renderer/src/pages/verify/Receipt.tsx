/**
 * The verdict on a bundle as a receipt: good or not, who signed it and how far that was checked, what the
 * manifest says, the zero-egress proof, and every problem (signature problems first: when the manifest is
 * not the signer's, nothing it lists can be trusted).
 */
import type { VerifyResult } from '../../api/types.js';
import { plural } from '../../ui/format.js';
import { Icon } from '../../ui/Icon.js';
import { EgressProofFacts } from './EgressProofFacts.js';
import { ManifestFacts } from './ManifestFacts.js';
import { SignatureNote } from './SignatureNote.js';

/** Problems about the signature (unsigned, another key, altered manifest or signature files). */
const SIGNATURE_PROBLEM = /unsigned|signed by|signature|signing key|fingerprint|manifest\.js\b/i;

/** The problems, signature ones first (otherwise in the server's order). */
export function orderProblems(problems: readonly string[]): string[] {
  const first = problems.filter((p) => SIGNATURE_PROBLEM.test(p));
  return [...first, ...problems.filter((p) => !SIGNATURE_PROBLEM.test(p))];
}

/** A receipt; `expected` is the fingerprint the check required (null when none was typed). */
export function Receipt(props: { name: string; result: VerifyResult; expected: string | null }) {
  const { result } = props;
  const problems = orderProblems(result.problems);
  return (
    <article
      className={result.ok ? 'card verdict ok' : 'card verdict bad'}
      aria-labelledby="verdict-title"
      data-verdict={result.ok ? 'ok' : 'bad'}
    >
      <header className="verdict-head">
        <Icon name={result.ok ? 'check' : 'alert'} />
        <div>
          <h2 id="verdict-title">{result.ok ? 'The bundle is intact and signed' : 'Do not trust this bundle'}</h2>
          <p className="muted">
            {props.name}
            {result.ok ? '' : ` · ${plural(problems.length, 'problem')}`}
          </p>
        </div>
      </header>
      <SignatureNote manifest={result.manifest} expected={props.expected} />
      {problems.length > 0 && (
        <section aria-labelledby="problems-title">
          <h3 id="problems-title">Problems</h3>
          <ul className="problem-list">
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </section>
      )}
      <ManifestFacts manifest={result.manifest} />
      <EgressProofFacts proof={result.manifest.egressProof} />
    </article>
  );
}
