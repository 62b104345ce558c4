/**
 * The data of a `<Graph>`: its children (`{[rows]}` or `{{ data, series }}`) read into rows, the x-axis
 * key and the series to draw, with Mintlify's defaults where props are left out.
 */
import { color, str } from './util.js';

/** One data row as written: `{ month: "Jan", revenue: 4000 }`. */
export type Row = Readonly<Record<string, unknown>>;

/** A drawn series: its key in each row, its legend label and colour. */
export interface Series {
  readonly key: string;
  readonly label: string;
  readonly color: string;
}

/** Everything a chart needs to be drawn. */
export interface GraphData {
  readonly rows: readonly Row[];
  /** The key naming each row (x-axis label, pie slice label). */
  readonly xKey: string | undefined;
  readonly series: readonly Series[];
}

/** Colours for series that name none, in order. */
export const PALETTE = ['#3b82f6', '#22c55e', '#f59e0b', '#ef4444', '#8b5cf6', '#06b6d4', '#ec4899', '#84cc16'];

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The rows and series objects MDX gives as children, blank text around them ignored. */
function payload(children: unknown): { rows: Row[]; series: unknown[] } {
  const parts = (Array.isArray(children) ? children : [children]).filter(
    (c) => !(typeof c === 'string' && c.trim() === ''),
  );
  if (parts.length > 0 && parts.every(isRow) && !parts.some((p) => Array.isArray(p['data']))) {
    return { rows: parts, series: [] };
  }
  const only: unknown = parts.length === 1 ? parts[0] : undefined;
  if (Array.isArray(only)) return { rows: only.filter(isRow), series: [] };
  const data: unknown = isRow(only) ? only['data'] : undefined;
  if (isRow(only) && Array.isArray(data)) {
    const series: unknown = only['series'];
    return { rows: data.filter(isRow), series: Array.isArray(series) ? series : [] };
  }
  return { rows: [], series: [] };
}

/** A numeric cell, or undefined. */
export function valueOf(row: Row, key: string): number | undefined {
  const v = row[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Reads a Graph's props: `xKey` (else the first non-numeric key), `series` or `yKey` (else every number). */
export function graphData(props: Readonly<Record<string, unknown>>): GraphData {
  const { rows, series: written } = payload(props['children']);
  const first = rows[0] ?? {};
  const xKey = str(props['xKey']) ?? Object.keys(first).find((k) => valueOf(first, k) === undefined);
  const single = color(props['color']);
  const fromSeries = written.filter(isRow).flatMap((s, i) => {
    const key = str(s['key']);
    if (key === undefined) return [];
    return [{ key, label: str(s['label']) ?? key, color: color(s['color']) ?? PALETTE[i % PALETTE.length] ?? '' }];
  });
  const yKey = str(props['yKey']);
  const keys =
    yKey !== undefined ? [yKey] : Object.keys(first).filter((k) => k !== xKey && valueOf(first, k) !== undefined);
  const series =
    fromSeries.length > 0
      ? fromSeries
      : keys.map((key, i) => ({
          key,
          label: key,
          color: (i === 0 ? single : undefined) ?? PALETTE[i % PALETTE.length] ?? '',
        }));
  return { rows, xKey, series };
}
