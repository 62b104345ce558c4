/**
 * Selection and bulk status changes: select all shown, set one status on every selected entry, and a
 * summary of what the server did (changed, already so, not allowed by the workflow, gone).
 */
import { useState } from 'react';
import type { FeedbackBulkResult } from '../../api/types.js';
import { plural } from '../../ui/format.js';
import { STATUS_LABEL, STATUSES, statusOf, type Status } from './model.js';

/** What the bar needs. */
export interface BulkBarProps {
  readonly shownIds: readonly string[];
  readonly selected: ReadonlySet<string>;
  readonly onSelect: (ids: readonly string[], on: boolean) => void;
  readonly onApply: (status: Status) => Promise<FeedbackBulkResult | null>;
}

/** One sentence per outcome, for the summary after a bulk change. */
export function bulkSummary(result: FeedbackBulkResult, status: Status): string[] {
  const label = STATUS_LABEL[status].toLowerCase();
  const lines = [`${plural(result.updated, 'entry', 'entries')} changed to ${label}.`];
  if (result.unchanged > 0) lines.push(`${plural(result.unchanged, 'entry was', 'entries were')} already ${label}.`);
  if (result.rejected > 0) {
    const from = [...new Set(result.rejectedEntries.map((r) => STATUS_LABEL[r.status].toLowerCase()))].join(', ');
    lines.push(
      `${plural(result.rejected, 'entry', 'entries')} left as is: the workflow does not allow it from ${from}.`,
    );
  }
  if (result.notFound > 0) lines.push(`${plural(result.notFound, 'entry', 'entries')} no longer exist.`);
  return lines;
}

/** The bar above the table. */
export function BulkBar(props: BulkBarProps) {
  const [status, setStatus] = useState<Status>('in_progress');
  const [summary, setSummary] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const count = props.shownIds.filter((id) => props.selected.has(id)).length;
  const all = props.shownIds.length > 0 && count === props.shownIds.length;
  const apply = () => {
    setBusy(true);
    void props
      .onApply(status)
      .then((result) => setSummary(result === null ? [] : bulkSummary(result, status)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="fb-bulk" aria-label="Bulk actions" role="group">
      <label className="fb-select-all">
        <input type="checkbox" checked={all} onChange={(e) => props.onSelect(props.shownIds, e.target.checked)} />
        Select all shown
      </label>
      <span className="muted tabular">{count > 0 ? `${plural(count, 'entry', 'entries')} selected` : ''}</span>
      {count > 0 && (
        <div className="fb-bulk-actions">
          <label className="field fb-inline-field">
            <span>Set status</span>
            <select value={status} onChange={(e) => setStatus(statusOf(e.target.value) ?? 'in_progress')}>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button primary" onClick={apply} disabled={busy}>
            {busy ? 'Applying…' : `Apply to ${count}`}
          </button>
          <button type="button" className="button" onClick={() => props.onSelect([...props.selected], false)}>
            Clear selection
          </button>
        </div>
      )}
      <div className="fb-bulk-summary" role="status">
        {summary.length > 0 && (
          <ul>
            {summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
