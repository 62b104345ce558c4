/** The filter controls of the feedback page, mapped one to one onto the API's query parameters. */
import type { FeedbackEntry } from '../api.js';

type Source = FeedbackEntry['source'];
type Status = FeedbackEntry['status'];

const SOURCES: readonly Source[] = ['contextual', 'thumbs_only', 'code_snippet', 'agent'];
const STATUSES: readonly Status[] = ['pending', 'in_progress', 'resolved', 'dismissed'];

/** What the user filters by. */
export interface Filters {
  readonly source: Source | '';
  readonly statuses: readonly Status[];
  readonly dateFrom: string;
  readonly dateTo: string;
}

/** Everything shown. */
export const NO_FILTERS: Filters = { source: '', statuses: [], dateFrom: '', dateTo: '' };

/** The query string the API takes for these filters. */
export function filtersToQuery(filters: Filters): URLSearchParams {
  const query = new URLSearchParams({ limit: '50' });
  if (filters.source !== '') query.set('source', filters.source);
  if (filters.statuses.length > 0) query.set('status', filters.statuses.join(','));
  if (filters.dateFrom !== '') query.set('dateFrom', filters.dateFrom);
  if (filters.dateTo !== '') query.set('dateTo', filters.dateTo);
  return query;
}

/** Source, status and date range controls. */
export function FeedbackFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const toggle = (status: Status) =>
    onChange({
      ...value,
      statuses: value.statuses.includes(status)
        ? value.statuses.filter((s) => s !== status)
        : [...value.statuses, status],
    });
  return (
    <>
      <label>
        Source{' '}
        <select
          value={value.source}
          onChange={(e) => onChange({ ...value, source: SOURCES.find((s) => s === e.target.value) ?? '' })}
        >
          <option value="">All</option>
          {SOURCES.map((s) => (
            <option key={s} value={s}>
              {s.replace('_', ' ')}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="statuses">
        <legend>Status</legend>
        {STATUSES.map((s) => (
          <label key={s}>
            <input type="checkbox" checked={value.statuses.includes(s)} onChange={() => toggle(s)} />{' '}
            {s.replace('_', ' ')}
          </label>
        ))}
      </fieldset>
      <label>
        From{' '}
        <input type="date" value={value.dateFrom} onChange={(e) => onChange({ ...value, dateFrom: e.target.value })} />
      </label>
      <label>
        Before{' '}
        <input type="date" value={value.dateTo} onChange={(e) => onChange({ ...value, dateTo: e.target.value })} />
      </label>
    </>
  );
}
