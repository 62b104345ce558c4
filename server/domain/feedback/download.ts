/**
 * Downloads of what a filter selects, as CSV (for spreadsheets) or NDJSON (the import format), produced
 * as a stream of text chunks: entries are read in keyset batches, so memory does not grow with the
 * number of entries. The HTTP route and `offprint feedback export` use the same chunks.
 */
import type { FeedbackRow } from '../../db/feedback.js';
import type { Deps } from '../../deps.js';
import { formatInstant } from './dates.js';
import { presentExportLine } from './entry.js';
import { iterateFeedback, requireProjectInOrg, toFilter } from './query.js';
import type { ExportFormat, FeedbackSelection } from './selection.js';

/** Columns of the CSV download, in order. */
export const CSV_COLUMNS = [
  'id',
  'createdAt',
  'source',
  'status',
  'path',
  'helpful',
  'comment',
  'contact',
  'code',
  'filename',
  'lang',
] as const;

/** Excel reads a UTF-8 file as the legacy code page unless it starts with a byte order mark. */
const BOM = '\uFEFF';
const CHUNK_CHARS = 64 * 1024;

/**
 * One CSV cell: quoted (RFC 4180) when it holds a quote, comma or line break. A cell a spreadsheet would
 * run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'`, as
 * OWASP advises, so a reader's comment cannot become a formula on the triager's machine.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvRow(row: FeedbackRow): string {
  const helpful = row.helpful === null ? '' : row.helpful ? 'yes' : 'no';
  const cells = [
    row.id,
    row.createdAt === null ? '' : formatInstant(row.createdAt),
    row.source,
    row.status,
    row.path,
    helpful,
    row.comment ?? '',
    row.contact ?? '',
    row.code ?? '',
    row.filename ?? '',
    row.lang ?? '',
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function* lines(deps: Deps, projectId: string, selection: FeedbackSelection, format: ExportFormat): Generator<string> {
  if (format === 'csv') yield `${BOM}${CSV_COLUMNS.join(',')}\r\n`;
  for (const row of iterateFeedback(deps, toFilter(projectId, selection))) {
    yield format === 'csv' ? csvRow(row) : `${JSON.stringify(presentExportLine(row))}\n`;
  }
}

function* batched(source: Iterable<string>): Generator<string> {
  let chunk = '';
  for (const line of source) {
    chunk += line;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** A download, ready to stream. */
export interface FeedbackDownload {
  readonly contentType: string;
  /** A file name for `Content-Disposition`. */
  readonly filename: string;
  /** About 64 KiB of text each; pulled one at a time, so a slow reader holds back the reading. */
  readonly chunks: Iterable<string>;
}

/**
 * The entries of a project of the caller's organization that `selection` covers, newest first. The
 * project is checked at once (a 404 comes before any byte); entries are read as the chunks are pulled.
 */
export function feedbackDownload(
  deps: Deps,
  orgId: string,
  projectId: string,
  selection: FeedbackSelection,
  format: ExportFormat,
): FeedbackDownload {
  requireProjectInOrg(deps, orgId, projectId);
  const day = formatInstant(deps.now()).slice(0, 10);
  return {
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    filename: `feedback-${projectId}-${day}.${format === 'csv' ? 'csv' : 'ndjson'}`,
    chunks: { [Symbol.iterator]: () => batched(lines(deps, projectId, selection, format)) },
  };
}
