/**
 * The feedback view as a URL query (`?project=..&status=pending&q=..`), so a filtered view can be
 * bookmarked and shared, and the API query strings the same view asks for.
 */
import { sourceOf, statusOf, type Source, type Status } from './model.js';

/** What the chart stacks by. */
export type ChartBy = 'source' | 'vote';
/** A chart bucket; `auto` picks days for short ranges and weeks for long ones. */
export type Bucket = 'auto' | 'day' | 'week';

/** Everything the page's URL says. */
export interface FeedbackView {
  readonly project: string;
  /** First day shown, `YYYY-MM-DD` (inclusive). */
  readonly from: string;
  /** Last day shown, `YYYY-MM-DD` (inclusive: people read "to 31 March" as including it). */
  readonly to: string;
  readonly source: Source | '';
  readonly statuses: readonly Status[];
  /** One page's path, exactly. */
  readonly path: string;
  /** Text search in comment, path, contact, code and filename. */
  readonly q: string;
  readonly chartBy: ChartBy;
  readonly bucket: Bucket;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The view a URL query describes; anything unknown or malformed falls back to "everything". */
export function parseView(search: string): FeedbackView {
  const p = new URLSearchParams(search);
  const day = (name: string) => {
    const value = p.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  const bucket = p.get('bucket');
  return {
    project: p.get('project') ?? '',
    from: day('from'),
    to: day('to'),
    source: sourceOf(p.get('source')) ?? '',
    statuses: (p.get('status') ?? '').split(',').flatMap((s) => statusOf(s) ?? []),
    path: p.get('path') ?? '',
    q: p.get('q') ?? '',
    chartBy: p.get('chart') === 'vote' ? 'vote' : 'source',
    bucket: bucket === 'day' || bucket === 'week' ? bucket : 'auto',
  };
}

/** The URL query of a view (only what differs from the defaults, so URLs stay short). */
export function viewToSearch(view: FeedbackView): string {
  const p = new URLSearchParams();
  const set = (name: string, value: string) => {
    if (value !== '') p.set(name, value);
  };
  set('project', view.project);
  set('from', view.from);
  set('to', view.to);
  set('source', view.source);
  set('status', view.statuses.join(','));
  set('path', view.path);
  set('q', view.q.trim());
  if (view.chartBy === 'vote') p.set('chart', 'vote');
  if (view.bucket !== 'auto') p.set('bucket', view.bucket);
  return p.toString();
}

/** Whether the view narrows the entries (not counting project and chart options). */
export function isFiltered(view: FeedbackView): boolean {
  return (
    view.from !== '' ||
    view.to !== '' ||
    view.source !== '' ||
    view.statuses.length > 0 ||
    view.path !== '' ||
    view.q.trim() !== ''
  );
}

/** The day after `day` (the API's `dateTo` is exclusive). */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

/** The filter parameters the list, stats and download APIs share. */
export function selectionQuery(view: FeedbackView): URLSearchParams {
  const query = new URLSearchParams();
  if (view.from !== '') query.set('dateFrom', view.from);
  if (view.to !== '') query.set('dateTo', nextDay(view.to));
  if (view.source !== '') query.set('source', view.source);
  if (view.statuses.length > 0) query.set('status', view.statuses.join(','));
  if (view.path !== '') query.set('path', view.path);
  if (view.q.trim() !== '') query.set('q', view.q.trim());
  return query;
}

/** Under `auto`, a series of more days than this is asked for again by weeks. */
export const AUTO_DAY_LIMIT = 62;
