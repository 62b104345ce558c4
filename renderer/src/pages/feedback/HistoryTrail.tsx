/** An entry's audit trail, newest first: who (the key's name), when, the status change and the note. */
import type { FeedbackHistory } from '../../api/types.js';
import { formatWhen } from '../../ui/format.js';
import { STATUS_LABEL } from './model.js';

type Event = FeedbackHistory['events'][number];

function who(event: Event): string {
  if (event.actor.kind === 'key') return `key “${event.actor.name}”`;
  return event.actor.kind === 'cli' ? 'the CLI' : 'the desktop app';
}

function what(event: Event): string {
  if (event.fromStatus !== null && event.toStatus !== null) {
    return `${STATUS_LABEL[event.fromStatus]} → ${STATUS_LABEL[event.toStatus]}`;
  }
  return 'Note';
}

/** The trail; a line saying there is none yet when the entry was never triaged. */
export function HistoryTrail({ events }: { events: readonly Event[] | null }) {
  return (
    <section className="fb-drawer-section" aria-labelledby="fb-history-title">
      <h3 id="fb-history-title">History</h3>
      {events === null && <p className="muted">Loading…</p>}
      {events?.length === 0 && <p className="muted">No changes or notes yet.</p>}
      {events !== null && events.length > 0 && (
        <ol className="fb-history">
          {[...events].reverse().map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <div className="fb-history-head">
                <strong>{what(event)}</strong>
                <span className="muted small-text">
                  {formatWhen(event.at)} · by {who(event)}
                </span>
              </div>
              {event.note !== null && <p className="fb-history-note">{event.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
