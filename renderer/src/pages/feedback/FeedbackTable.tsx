/**
 * Feedback entries as a table (rows become cards on phones): a checkbox per row for bulk changes (the
 * "select all" sits in the bulk bar above, where phones show it too), the page, the variant's details,
 * when, the status, and a button that opens the entry's drawer. A click anywhere else on a row opens it
 * too, for mouse users.
 */
import type { MouseEvent } from 'react';
import type { FeedbackEntry } from '../../api/types.js';
import { formatWhen } from '../../ui/format.js';
import { Comment, Contact, Snippet, SourceBadge, StatusBadge, Vote } from './EntryParts.js';
import { ScrollBox } from './ScrollBox.js';

/** What the table shows and reports. */
export interface FeedbackTableProps {
  readonly entries: readonly FeedbackEntry[];
  readonly selected: ReadonlySet<string>;
  readonly onSelect: (ids: readonly string[], on: boolean) => void;
  readonly onOpen: (entry: FeedbackEntry) => void;
}

function Row({ entry, props }: { entry: FeedbackEntry; props: FeedbackTableProps }) {
  const checked = props.selected.has(entry.id);
  const click = (event: MouseEvent) => {
    // Controls in the row do their own thing.
    if (event.target instanceof Element && event.target.closest('a, button, input, label') !== null) return;
    props.onOpen(entry);
  };
  return (
    <tr className={checked ? 'fb-row selected' : 'fb-row'} onClick={click}>
      <td className="fb-select">
        <input
          type="checkbox"
          checked={checked}
          aria-label={`Select feedback on ${entry.path}`}
          onChange={(e) => props.onSelect([entry.id], e.target.checked)}
        />
      </td>
      <td data-label="Page">
        <code className="path">{entry.path}</code>
      </td>
      <td data-label="Feedback" className="fb-main">
        <div className="fb-kind">
          <SourceBadge entry={entry} />
          <Vote entry={entry} />
        </div>
        <Comment entry={entry} />
        <Snippet entry={entry} />
        <Contact entry={entry} />
      </td>
      <td data-label="When" className="fb-when">
        {formatWhen(entry.createdAt)}
      </td>
      <td data-label="Status">
        <StatusBadge status={entry.status} />
      </td>
      <td className="fb-open">
        <button type="button" className="button small" onClick={() => props.onOpen(entry)}>
          Details<span className="visually-hidden"> of feedback on {entry.path}</span>
        </button>
      </td>
    </tr>
  );
}

/** The entries, newest first as the API returns them. */
export function FeedbackTable(props: FeedbackTableProps) {
  return (
    <ScrollBox label="Feedback entries">
      <table className="table feedback">
        <thead>
          <tr>
            <th scope="col" className="fb-select">
              <span className="visually-hidden">Selected</span>
            </th>
            <th scope="col">Page</th>
            <th scope="col">Feedback</th>
            <th scope="col">When</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.entries.map((entry) => (
            <Row key={entry.id} entry={entry} props={props} />
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
