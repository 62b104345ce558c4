/**
 * One entry in a drawer: a native modal `<dialog>` (focus moves in and is trapped, Escape closes, focus
 * returns to the row's button, all by the browser) with the full entry, its status (only the changes the
 * workflow allows), internal notes, and the audit trail of who changed what and when.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { FeedbackEntry, FeedbackHistory, FeedbackPatch } from '../../api/types.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { Icon } from '../../ui/Icon.js';
import { formatWhen } from '../../ui/format.js';
import { Comment, Contact, Snippet, SourceBadge, StatusBadge, Vote } from './EntryParts.js';
import { HistoryTrail } from './HistoryTrail.js';
import { STATUS_LABEL, TRANSITIONS, statusOf } from './model.js';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), summary';

/**
 * Keeps Tab inside the drawer. A modal dialog makes the page behind it inert, but Tab past its last
 * control still leaves for the browser's own UI; here it wraps to the first control instead.
 */
function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (first === undefined || last === undefined) return;
  const edge = event.shiftKey ? first : last;
  if (document.activeElement !== edge) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/** Which entry to show, and what to tell the page. */
export interface FeedbackDrawerProps {
  readonly api: ApiClient;
  readonly projectId: string;
  readonly entry: FeedbackEntry;
  readonly onClose: () => void;
  /** The entry changed (status or note): the page reloads its list and totals. */
  readonly onChanged: () => void;
}

function StatusControl(props: { entry: FeedbackEntry; busy: boolean; onChange: (patch: FeedbackPatch) => void }) {
  const current = props.entry.status;
  return (
    <label className="field fb-inline-field">
      <span>Status</span>
      <select
        value={current}
        disabled={props.busy}
        onChange={(e) => {
          const next = statusOf(e.target.value);
          if (next !== undefined && next !== current) props.onChange({ status: next });
        }}
      >
        {[current, ...TRANSITIONS[current]].map((s) => (
          <option key={s} value={s}>
            {s === current ? `${STATUS_LABEL[s]} (current)` : STATUS_LABEL[s]}
          </option>
        ))}
      </select>
    </label>
  );
}

function NoteForm(props: { busy: boolean; onAdd: (note: string) => Promise<boolean> }) {
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') return;
    void props.onAdd(note.trim()).then((ok) => ok && setNote(''));
  };
  return (
    <form className="fb-note-form" onSubmit={submit}>
      <label className="field">
        <span>Internal note</span>
        <textarea
          name="note"
          rows={3}
          maxLength={5000}
          value={note}
          placeholder="Only your team sees notes; readers never do."
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <div className="row end">
        <button type="submit" className="button" disabled={props.busy || note.trim() === ''}>
          Add note
        </button>
      </div>
    </form>
  );
}

/** The drawer; mounted while an entry is open. */
export function FeedbackDrawer(props: FeedbackDrawerProps) {
  const { api, projectId, onChanged } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [history, setHistory] = useState<FeedbackHistory | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const entryId = props.entry.id;
  const load = useCallback(
    () => api.feedbackHistory(projectId, entryId).then(setHistory, setError),
    [api, projectId, entryId],
  );
  useEffect(() => {
    if (ref.current?.open === false) ref.current.showModal();
    void load();
  }, [load]);

  const patch = async (change: FeedbackPatch): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await api.updateFeedback(projectId, entryId, change);
      await load();
      onChanged();
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const entry = history?.feedback ?? props.entry;
  return (
    <dialog ref={ref} className="fb-drawer" aria-labelledby={titleId} onClose={props.onClose} onKeyDown={trapTab}>
      <header className="fb-drawer-head">
        <h2 id={titleId}>Feedback on {entry.path}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={() => ref.current?.close()}>
          <Icon name="close" />
        </button>
      </header>
      <div className="fb-drawer-body">
        <div className="fb-kind">
          <SourceBadge entry={entry} />
          <StatusBadge status={entry.status} />
          <Vote entry={entry} words />
        </div>
        <dl className="facts">
          <div>
            <dt>Page</dt>
            <dd>
              <code className="path">{entry.path}</code>
            </dd>
          </div>
          <div>
            <dt>Received</dt>
            <dd>{formatWhen(entry.createdAt)}</dd>
          </div>
          <div className="fact-wide">
            <dt>Entry id</dt>
            <dd>
              <code className="path">{entry.id}</code>
            </dd>
          </div>
        </dl>
        <Comment entry={entry} />
        <Snippet entry={entry} />
        <Contact entry={entry} />
        <section className="fb-drawer-section" aria-label="Triage">
          <StatusControl entry={entry} busy={busy} onChange={(change) => void patch(change)} />
          <NoteForm busy={busy} onAdd={(note) => patch({ note })} />
          <ErrorNote error={error} />
        </section>
        <HistoryTrail events={history?.events ?? null} />
      </div>
    </dialog>
  );
}
