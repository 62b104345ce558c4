/**
 * Feedback test data: entries with deterministic ids and timestamps, written in the API's own shape (which
 * is also the NDJSON import shape), and a small reference model of filtering and ordering used as the
 * oracle when a test sweeps many filter combinations.
 */

/** Feedback sources, as the official document lists them. */
export const SOURCES = ['code_snippet', 'contextual', 'agent', 'thumbs_only'] as const;
/** Review statuses, as the official document lists them. */
export const STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const;

/** A feedback source. */
export type Source = (typeof SOURCES)[number];
/** A review status. */
export type Status = (typeof STATUSES)[number];

/** A feedback entry as the API returns it (and as an import line carries it). */
export type ApiEntry =
  | (BaseFields & { source: 'contextual'; helpful: boolean; contact: string | null })
  | (BaseFields & { source: 'code_snippet'; code: string; filename: string | null; lang: string | null })
  | (BaseFields & { source: 'agent' | 'thumbs_only' });

interface BaseFields {
  id: string;
  path: string;
  comment: string | null;
  createdAt: string | null;
  status: Status;
}

/** An import line: the API shape, plus `helpful` on thumbs-only votes (kept for by-page counts). */
export type ImportLine = ApiEntry | (BaseFields & { source: 'thumbs_only'; helpful: boolean | null });

/** Optional fields of {@link entry}; anything left out gets a value derived from the id. */
export interface EntryOptions {
  readonly status?: Status;
  readonly path?: string;
  readonly comment?: string | null;
  readonly helpful?: boolean;
  readonly contact?: string | null;
  readonly code?: string;
  readonly filename?: string | null;
  readonly lang?: string | null;
}

/** Builds one fully specified entry of `source` (thumbs-only votes carry `helpful` when given). */
export function entry(id: string, createdAt: string | null, source: Source, options: EntryOptions = {}): ImportLine {
  const base: BaseFields = {
    id,
    path: options.path ?? '/docs/quickstart',
    comment: options.comment === undefined ? `comment on ${id}` : options.comment,
    createdAt,
    status: options.status ?? 'pending',
  };
  switch (source) {
    case 'contextual':
      return {
        ...base,
        source,
        helpful: options.helpful ?? true,
        contact: options.contact === undefined ? `${id}@example.com` : options.contact,
      };
    case 'code_snippet':
      return {
        ...base,
        source,
        code: options.code ?? `console.log(${JSON.stringify(id)});`,
        filename: options.filename === undefined ? `${id}.js` : options.filename,
        lang: options.lang === undefined ? 'javascript' : options.lang,
      };
    case 'thumbs_only':
      return options.helpful === undefined ? { ...base, source } : { ...base, source, helpful: options.helpful };
    case 'agent':
      return { ...base, source };
  }
}

/** What the API returns for an imported line: thumbs-only votes lose `helpful`. */
export function apiShape(line: ImportLine): ApiEntry {
  if (line.source === 'thumbs_only') {
    const { id, path, comment, createdAt, status, source } = line;
    return { id, path, comment, createdAt, status, source };
  }
  return line;
}

/** Options of {@link generateEntries}. */
export interface GenerateOptions {
  /** Prefix of the ids (`${prefix}-0007`). */
  readonly prefix: string;
  /** Instant of the oldest timestamped entry. */
  readonly start?: string;
  /** How many consecutive entries share one instant (1, the default: none do). */
  readonly perInstant?: number;
  /** How many of the entries (the last ones generated) have no timestamp. */
  readonly withoutTime?: number;
}

/**
 * `count` entries cycling through every source, status and three paths, in groups of `perInstant` one
 * hour apart, the last `withoutTime` of them time-less. Ids count down, so the newest entry has the
 * smallest id: ordering by id alone would give the reverse of the right order.
 */
export function generateEntries(count: number, options: GenerateOptions): ImportLine[] {
  const startMs = Date.parse(options.start ?? '2026-03-01T00:00:00.000Z');
  const perInstant = options.perInstant ?? 1;
  const timed = count - (options.withoutTime ?? 0);
  const lines: ImportLine[] = [];
  let ms = startMs;
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % perInstant === 0) ms += 3_600_000;
    const id = `${options.prefix}-${String(count - i).padStart(4, '0')}`;
    const createdAt = i < timed ? new Date(ms).toISOString() : null;
    lines.push(
      entry(id, createdAt, SOURCES[i % 4] ?? 'agent', {
        status: STATUSES[Math.floor(i / 4) % 4] ?? 'pending',
        path: `/docs/page-${i % 3}`,
        helpful: i % 5 !== 0,
      }),
    );
  }
  return lines;
}

/** The selecting part of a query, for the reference model. */
export interface ModelFilter {
  readonly source?: Source;
  readonly statuses?: readonly Status[];
  readonly fromMs?: number;
  readonly toMs?: number;
}

/** Newest first, then by id descending (byte order, as SQLite compares ASCII ids); time-less last. */
export function compareNewestFirst(a: ApiEntry, b: ApiEntry): number {
  const at = a.createdAt === null ? -Infinity : Date.parse(a.createdAt);
  const bt = b.createdAt === null ? -Infinity : Date.parse(b.createdAt);
  if (at !== bt) return bt - at;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The reference model: the entries a filter selects, in the API's order, in the API's shape. */
export function expectedEntries(lines: readonly ImportLine[], filter: ModelFilter = {}): ApiEntry[] {
  const dated = filter.fromMs !== undefined || filter.toMs !== undefined;
  return lines
    .filter((line) => {
      if (filter.source !== undefined && line.source !== filter.source) return false;
      if (filter.statuses !== undefined && !filter.statuses.includes(line.status)) return false;
      if (!dated) return true;
      if (line.createdAt === null) return false;
      const ms = Date.parse(line.createdAt);
      return (filter.fromMs === undefined || ms >= filter.fromMs) && (filter.toMs === undefined || ms < filter.toMs);
    })
    .map(apiShape)
    .sort(compareNewestFirst);
}

/** Ids of entries, for readable failure diffs. */
export function ids(entries: readonly { id: string }[]): string[] {
  return entries.map((e) => e.id);
}
