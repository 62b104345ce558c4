/**
 * The entries of the view: the bulk bar, the table, "load more", and what to say when a filter matches
 * nothing. Selection lives here; the page remounts this list when the view changes, which clears it.
 */
import { useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { FeedbackBulkResult, FeedbackEntry } from '../../api/types.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { BulkBar } from './BulkBar.js';
import { FeedbackTable } from './FeedbackTable.js';
import type { Status } from './model.js';
import type { FeedbackData } from './useFeedback.js';

/** What the list needs. */
export interface FeedbackListProps {
  readonly api: ApiClient;
  readonly projectId: string;
  readonly data: FeedbackData;
  readonly filtered: boolean;
  readonly onOpen: (entry: FeedbackEntry) => void;
}

/** The list section. */
export function FeedbackList({ api, projectId, data, filtered, onOpen }: FeedbackListProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<unknown>(null);
  const entries = data.entries ?? [];
  const select = (ids: readonly string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const apply = async (status: Status): Promise<FeedbackBulkResult | null> => {
    setError(null);
    try {
      const result = await api.bulkFeedback(projectId, { ids: [...selected], status });
      setSelected(new Set());
      data.reload();
      return result;
    } catch (e) {
      setError(e);
      return null;
    }
  };
  return (
    <section className="section fb-list" aria-labelledby="fb-list-title">
      <h2 id="fb-list-title">Entries</h2>
      {entries.length > 0 && (
        <BulkBar shownIds={entries.map((e) => e.id)} selected={selected} onSelect={select} onApply={apply} />
      )}
      <ErrorNote error={error} />
      {entries.length === 0 && !data.loading && (
        <p className="muted fb-no-match">
          {filtered ? 'No feedback matches these filters.' : 'No feedback in this project.'}
        </p>
      )}
      {entries.length > 0 && <FeedbackTable entries={entries} selected={selected} onSelect={select} onOpen={onOpen} />}
      {data.cursor !== null && (
        <button type="button" className="button fb-more" onClick={data.loadMore} disabled={data.loading}>
          {data.loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
