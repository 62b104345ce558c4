/**
 * What the benchmark asks the API: the filter shapes, full keyset walks (which also check that every
 * entry comes exactly once, in order, matching the filter), and the page scenarios built from the cursors
 * a walk collected at chosen depths.
 */
import { performance } from 'node:perf_hooks';
import { URLSearchParams } from 'node:url';
import { prng } from './generate.js';

/** The 30-day window of the date-range filters (inside the generated two years). */
const RANGE = { dateFrom: '2025-09-01', dateTo: '2025-10-01' };
const RANGE_MS = { from: Date.parse(RANGE.dateFrom), to: Date.parse(RANGE.dateTo) };

/**
 * @typedef {{ id?: string, createdAt?: string | null, source?: string, status?: string }} Entry
 * @typedef {{ feedback: Entry[], nextCursor: string | null, hasMore: boolean }} Page
 * @typedef {{ name: string, query: Record<string, string>, matches: (e: Entry) => boolean }} Filter
 */

/** @type {(e: Entry) => boolean} */
const openStatus = (e) => e.status === 'pending' || e.status === 'in_progress';
/** @type {(e: Entry) => boolean} */
const inRange = (e) => {
  if (e.createdAt === null || e.createdAt === undefined) return false;
  const ms = Date.parse(e.createdAt);
  return ms >= RANGE_MS.from && ms < RANGE_MS.to;
};

/** @type {readonly Filter[]} */
export const FILTERS = [
  { name: 'none', query: {}, matches: () => true },
  { name: 'status', query: { status: 'pending,in_progress' }, matches: openStatus },
  { name: 'source', query: { source: 'code_snippet' }, matches: (e) => e.source === 'code_snippet' },
  { name: '30 days', query: RANGE, matches: inRange },
  {
    name: 'src+st+30d',
    query: { source: 'code_snippet', status: 'pending,in_progress', ...RANGE },
    matches: (e) => e.source === 'code_snippet' && openStatus(e) && inRange(e),
  },
];

/** Depths of deep pages, as a fraction of a filter's result set; `random` = cursors from all depths. */
export const DEPTHS = /** @type {const} */ (['first', 0.1, 0.5, 0.9, 'random']);

/**
 * The request path of one page.
 * @param {string} projectId
 * @param {Filter} filter
 * @param {number} limit
 * @param {string | undefined} cursor
 */
export function pagePath(projectId, filter, limit, cursor) {
  const params = new URLSearchParams({ ...filter.query, limit: String(limit) });
  if (cursor !== undefined) params.set('cursor', cursor);
  return `/v1/analytics/${projectId}/feedback?${params.toString()}`;
}

/**
 * Sort key of an entry in the API's order (newest first, unknown times last, then id descending).
 * @param {Entry} e
 * @returns {[number, string]}
 */
function sortKey(e) {
  return [e.createdAt === null || e.createdAt === undefined ? -Infinity : Date.parse(e.createdAt), e.id ?? ''];
}

/**
 * Pages through every entry matching `filter`, checking order, uniqueness (strictly decreasing keys),
 * filter matches and `hasMore`. Returns the time taken and the `nextCursor` of every page.
 * @param {ReturnType<import('./client.js').createClient>} client
 * @param {string} projectId
 * @param {Filter} filter
 * @param {number} limit
 */
export async function walk(client, projectId, filter, limit) {
  /** @type {string[]} */
  const cursors = [];
  /** @type {number[]} */
  const pageMs = [];
  let entries = 0;
  let bytes = 0;
  /** @type {[number, string] | undefined} */
  let previous;
  /** @type {string | undefined} */
  let cursor;
  const started = performance.now();
  for (;;) {
    const res = await client.getJson(pagePath(projectId, filter, limit, cursor));
    const page = /** @type {Page} */ (res.json);
    pageMs.push(res.ms);
    bytes += res.bytes;
    for (const e of page.feedback) {
      const key = sortKey(e);
      if (previous !== undefined && !(key[0] < previous[0] || (key[0] === previous[0] && key[1] < previous[1]))) {
        throw new Error(`walk ${filter.name}: entry ${e.id} out of order or repeated after entry ${previous[1]}`);
      }
      if (!filter.matches(e)) throw new Error(`walk ${filter.name}: entry ${e.id} does not match the filter`);
      previous = key;
    }
    entries += page.feedback.length;
    if (page.hasMore !== (page.nextCursor !== null))
      throw new Error(`walk ${filter.name}: hasMore/nextCursor mismatch`);
    if (page.nextCursor === null) break;
    if (page.feedback.length !== limit) throw new Error(`walk ${filter.name}: short page before the end`);
    cursors.push(page.nextCursor);
    cursor = page.nextCursor;
  }
  return {
    filter: filter.name,
    limit,
    entries,
    pages: pageMs.length,
    ms: performance.now() - started,
    bytes,
    pageMs,
    cursors,
  };
}

/**
 * Request paths of one scenario: the first page, a window of consecutive cursors at a depth, or a
 * random sample of cursors from every depth (seeded).
 * @param {string} projectId
 * @param {Filter} filter
 * @param {number} limit
 * @param {(typeof DEPTHS)[number]} depth
 * @param {readonly string[]} cursors from a walk of `filter`
 */
function scenarioPaths(projectId, filter, limit, depth, cursors) {
  if (depth === 'first' || cursors.length === 0) return [pagePath(projectId, filter, limit, undefined)];
  /** @type {string[]} */
  let chosen;
  if (depth === 'random') {
    const rand = prng(cursors.length);
    chosen = Array.from(
      { length: Math.min(500, cursors.length) },
      () => cursors[Math.floor(rand() * cursors.length)] ?? '',
    );
  } else {
    const start = Math.min(cursors.length - 1, Math.floor(depth * cursors.length));
    chosen = cursors.slice(start, start + 16);
  }
  return chosen.map((c) => pagePath(projectId, filter, limit, c));
}

/**
 * @typedef {{ id: string, filter: string, depth: string, limit: number, paths: string[] }} Scenario
 */

/**
 * Every scenario: each filter x depth x limit.
 * @param {string} projectId
 * @param {ReadonlyMap<string, readonly string[]>} cursorsByFilter
 * @param {readonly number[]} limits
 * @returns {Scenario[]}
 */
export function buildScenarios(projectId, cursorsByFilter, limits) {
  return FILTERS.flatMap((filter) =>
    DEPTHS.flatMap((depth) =>
      limits.map((limit) => {
        const depthName = typeof depth === 'number' ? `${depth * 100}%` : depth;
        return {
          id: `${filter.name} / ${depthName} / L${limit}`,
          filter: filter.name,
          depth: depthName,
          limit,
          paths: scenarioPaths(projectId, filter, limit, depth, cursorsByFilter.get(filter.name) ?? []),
        };
      }),
    ),
  );
}
