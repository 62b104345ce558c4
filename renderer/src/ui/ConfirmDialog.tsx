/**
 * A confirmation in a native modal `<dialog>`: focus moves into it and is trapped, Escape cancels, and
 * focus returns to the button that opened it, all by the browser.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

/** What a confirmation asks. */
export interface ConfirmProps {
  readonly open: boolean;
  readonly title: string;
  readonly children: ReactNode;
  /** The confirm button's text ("Delete project"). */
  readonly confirmLabel: string;
  /** The cancel button's text (default "Cancel"). */
  readonly cancelLabel?: string;
  readonly danger?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** A modal yes/no question. */
export function ConfirmDialog(props: ConfirmProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // A page may hold several dialogs (revoke an API key, rotate the signing key): ids must not clash.
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={props.onCancel}>
      <h2 id={titleId}>{props.title}</h2>
      <div className="dialog-body">{props.children}</div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={props.onCancel} autoFocus>
          {props.cancelLabel ?? 'Cancel'}
        </button>
        <button
          type="button"
          className={props.danger === true ? 'button danger' : 'button primary'}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
