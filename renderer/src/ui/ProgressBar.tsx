/** A labelled progress bar (a native <progress>, so assistive technology reads its value). */

/** `value` of `max`, or indeterminate when value is null. */
export function ProgressBar(props: { label: string; value: number | null; max?: number; text?: string }) {
  const max = props.max ?? 100;
  return (
    <div className="progress">
      <div className="progress-head">
        <span>{props.label}</span>
        {props.text !== undefined && <span className="muted tabular">{props.text}</span>}
      </div>
      {props.value === null ? (
        <progress aria-label={props.label} />
      ) : (
        <progress aria-label={props.label} max={max} value={Math.min(props.value, max)} />
      )}
    </div>
  );
}
