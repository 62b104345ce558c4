/**
 * The filter controls: text search, date range, source, status and page. Each change lands in the URL
 * (see query.ts), so the view can be bookmarked; typing in the search box waits for a pause first.
 */
import { useEffect, useId, useState } from 'react';
import { Icon } from '../../ui/Icon.js';
import { SOURCE_LABEL, SOURCES, STATUS_LABEL, STATUSES, sourceOf, type Status } from './model.js';
import { isFiltered, type FeedbackView } from './query.js';

/** What the filters edit. */
export interface FeedbackFiltersProps {
  readonly view: FeedbackView;
  readonly onChange: (next: FeedbackView) => void;
  /** Paths offered for the page filter (the ranking's). */
  readonly paths: readonly string[];
}

const SEARCH_PAUSE_MS = 300;

/** A text filter that updates the view after a pause in typing, not on every key. */
function PausedText(props: {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  type: 'search' | 'text';
  list?: string;
  className: string;
  onCommit: (value: string) => void;
}) {
  const { value, onCommit } = props;
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return undefined;
    const timer = setTimeout(() => onCommit(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onCommit]);
  return (
    <label className={`field ${props.className}`}>
      <span>{props.label}</span>
      <input
        type={props.type}
        name={props.name}
        value={text}
        placeholder={props.placeholder}
        spellCheck={false}
        list={props.list}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onCommit(text.trim())}
      />
    </label>
  );
}

function StatusChecks({ view, onChange }: Pick<FeedbackFiltersProps, 'view' | 'onChange'>) {
  const toggle = (status: Status) =>
    onChange({
      ...view,
      statuses: view.statuses.includes(status)
        ? view.statuses.filter((s) => s !== status)
        : STATUSES.filter((s) => s === status || view.statuses.includes(s)),
    });
  return (
    <fieldset className="checks fb-status-filter">
      <legend>Status</legend>
      {STATUSES.map((s) => (
        <label key={s}>
          <input
            type="checkbox"
            name="status"
            value={s}
            checked={view.statuses.includes(s)}
            onChange={() => toggle(s)}
          />
          {STATUS_LABEL[s]}
        </label>
      ))}
    </fieldset>
  );
}

/** The filter card's controls. */
export function FeedbackFilters({ view, onChange, paths }: FeedbackFiltersProps) {
  const listId = useId();
  return (
    <div className="fb-filters">
      <PausedText
        label="Search"
        name="q"
        type="search"
        className="fb-search"
        value={view.q}
        placeholder="Comment, page, code…"
        onCommit={(q) => onChange({ ...view, q })}
      />
      <label className="field">
        <span>From</span>
        <input
          type="date"
          name="from"
          value={view.from}
          max={view.to || undefined}
          onChange={(e) => onChange({ ...view, from: e.target.value })}
        />
      </label>
      <label className="field">
        <span>To</span>
        <input
          type="date"
          name="to"
          value={view.to}
          min={view.from || undefined}
          onChange={(e) => onChange({ ...view, to: e.target.value })}
        />
      </label>
      <label className="field">
        <span>Source</span>
        <select
          name="source"
          value={view.source}
          onChange={(e) => onChange({ ...view, source: sourceOf(e.target.value) ?? '' })}
        >
          <option value="">All</option>
          {SOURCES.map((s) => (
            <option key={s} value={s}>
              {SOURCE_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      <PausedText
        label="Page"
        name="path"
        type="text"
        className="fb-path"
        list={listId}
        value={view.path}
        placeholder="/path (exact)"
        onCommit={(path) => onChange({ ...view, path })}
      />
      <datalist id={listId}>
        {paths.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <StatusChecks view={view} onChange={onChange} />
      {isFiltered(view) && (
        <button
          type="button"
          className="button fb-clear"
          onClick={() => onChange({ ...view, from: '', to: '', source: '', statuses: [], path: '', q: '' })}
        >
          <Icon name="close" />
          Clear filters
        </button>
      )}
    </div>
  );
}
