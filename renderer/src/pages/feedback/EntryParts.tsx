/**
 * How one entry's variant reads, in the table and in the drawer alike: its source as a badge (agents get
 * an "Agent" badge), a vote as a thumb with its meaning in words, a code snippet with its file name and
 * language, the reader's contact address.
 */
import type { FeedbackEntry } from '../../api/types.js';
import { FeedbackIcon } from './icons.js';
import { SOURCE_LABEL, STATUS_LABEL, type Status } from './model.js';

/** The source as a badge. */
export function SourceBadge({ entry }: { entry: FeedbackEntry }) {
  return (
    <span className={`badge fb-source fb-source-${entry.source}`}>
      {entry.source === 'agent' && <FeedbackIcon name="agent" />}
      {SOURCE_LABEL[entry.source]}
    </span>
  );
}

/** A status as a badge. */
export function StatusBadge({ status }: { status: Status }) {
  return <span className={`badge fb-status fb-status-${status}`}>{STATUS_LABEL[status]}</span>;
}

/**
 * A helpful / not helpful vote: a thumb whose meaning is in text (visible, or for screen readers only
 * where space is short). Thumbs-only votes carry no direction in the official entry shape.
 */
export function Vote({ entry, words = false }: { entry: FeedbackEntry; words?: boolean }) {
  if (entry.source !== 'contextual') return null;
  const text = entry.helpful ? 'Helpful' : 'Not helpful';
  return (
    <span className={entry.helpful ? 'fb-vote up' : 'fb-vote down'} title={words ? undefined : text}>
      <FeedbackIcon name={entry.helpful ? 'up' : 'down'} />
      <span className={words ? undefined : 'visually-hidden'}>{text}</span>
    </span>
  );
}

/** The code a snippet entry is about, headed by its file name and language. */
export function Snippet({ entry }: { entry: FeedbackEntry }) {
  if (entry.source !== 'code_snippet') return null;
  return (
    <figure className="fb-snippet">
      <figcaption>
        <FeedbackIcon name="code" />
        <span className="fb-snippet-file">{entry.filename ?? 'Code block'}</span>
        {entry.lang !== null && entry.lang !== '' && <span className="badge">{entry.lang}</span>}
      </figcaption>
      <pre>
        <code>{entry.code}</code>
      </pre>
    </figure>
  );
}

/** The address a reader left for a reply. */
export function Contact({ entry }: { entry: FeedbackEntry }) {
  if (entry.source !== 'contextual' || entry.contact === null || entry.contact === '') return null;
  return (
    <span className="fb-contact">
      <FeedbackIcon name="mail" />
      <span className="visually-hidden">Contact: </span>
      <a href={`mailto:${entry.contact}`}>{entry.contact}</a>
    </span>
  );
}

/** The comment, or a muted note that there is none. */
export function Comment({ entry }: { entry: FeedbackEntry }) {
  if (entry.comment === null || entry.comment === '') return <span className="muted">No comment</span>;
  return <p className="fb-comment">{entry.comment}</p>;
}
