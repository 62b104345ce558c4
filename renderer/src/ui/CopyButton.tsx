/** A copy button that says whether it worked. */
import { useEffect, useState } from 'react';
import { copyText } from './clipboard.js';
import { Icon } from './Icon.js';

type State = 'idle' | 'copied' | 'failed';

const LABELS: Record<State, string> = { idle: 'Copy', copied: 'Copied', failed: 'Copy failed: select and copy' };

/** Copies `text`; `label` names what is copied for screen readers ("Copy key"). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<State>('idle');
  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      className="button small"
      aria-label={label}
      onClick={() => void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
    >
      <Icon name={state === 'copied' ? 'check' : 'copy'} />
      <span aria-live="polite">{LABELS[state]}</span>
    </button>
  );
}
