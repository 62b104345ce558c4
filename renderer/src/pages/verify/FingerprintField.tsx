/**
 * The fingerprint the sender read out, typed by the receiver: optional, forgiving about case, spaces and
 * dashes, and explained when it cannot be one (before any upload is wasted on it).
 */
import { useId, type Ref } from 'react';

/** What the field shows and reports. */
export interface FingerprintFieldProps {
  readonly value: string;
  /** Why the value is not a fingerprint, shown once the user has left the field or tried a file. */
  readonly problem: string | null;
  readonly disabled?: boolean;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
  /** The input, so the page can move focus to it. */
  readonly ref?: Ref<HTMLInputElement>;
}

/** The "Expected fingerprint" input. */
export function FingerprintField(props: FingerprintFieldProps) {
  const hintId = useId();
  const problemId = useId();
  const describedBy = props.problem === null ? hintId : `${problemId} ${hintId}`;
  return (
    <div className="card fingerprint-field">
      <label className="field">
        <span>Expected fingerprint (optional)</span>
        <input
          ref={props.ref}
          name="fingerprint"
          className="fingerprint-input"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={props.value}
          disabled={props.disabled}
          aria-invalid={props.problem !== null}
          aria-describedby={describedBy}
          onChange={(e) => props.onChange(e.target.value)}
          onBlur={props.onBlur}
        />
      </label>
      {props.problem !== null && (
        <p className="field-problem" id={problemId}>
          {props.problem}
        </p>
      )}
      <p className="muted small-text" id={hintId}>
        The fingerprint the sender read to you (not one that came with the bundle). With it, a bundle signed by any
        other key fails; without it, the receipt names the key and you compare it yourself.
      </p>
    </div>
  );
}
