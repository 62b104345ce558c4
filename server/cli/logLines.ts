/**
 * Log records as a person reads them: `warning: MESSAGE (key: value, ...)`, one line each. The CLI's
 * export prints its warnings this way on a terminal (below the progress bar) instead of JSON lines;
 * `--log-format json`, or a stderr that is not a terminal, keeps the JSON lines for machines.
 */
import { z } from 'zod';
import type { DestinationStream } from 'pino';

/** `--log-format`: readable lines, or pino's JSON lines. */
export const LOG_FORMATS = ['text', 'json'] as const;

const LEVELS: Readonly<Record<number, string>> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warning',
  50: 'error',
  60: 'fatal',
};

/** Fields every record has, which say nothing about what happened. */
const NOISE = new Set(['level', 'time', 'pid', 'hostname', 'app', 'msg']);

/** Longest value shown; the JSON form has all of it. */
const MAX_VALUE = 200;

const RecordSchema = z.looseObject({ level: z.number(), msg: z.string().default('') });
const ErrSchema = z.looseObject({ message: z.string() });

function shown(value: unknown): string {
  const err = ErrSchema.safeParse(value);
  const text = err.success ? err.data.message : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

/** How {@link formatLogLine} writes a record. */
export interface LineStyle {
  /** Colour the level of warnings and errors (a terminal without NO_COLOR). */
  readonly color?: boolean;
  /** Start with the record's local time (`14:03:07`), for a server's log read as it runs. */
  readonly time?: boolean;
}

function clockOf(time: unknown): string {
  return typeof time === 'number' ? `${new Date(time).toTimeString().slice(0, 8)} ` : '';
}

/** One JSON log line as a readable line; a line that is not a log record is returned as it is. */
export function formatLogLine(jsonLine: string, style: LineStyle = {}): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonLine);
  } catch {
    return jsonLine;
  }
  const record = RecordSchema.safeParse(parsed);
  if (!record.success) return jsonLine;
  const { level, msg } = record.data;
  const label = LEVELS[level] ?? 'log';
  const fields = Object.entries(record.data)
    .filter(([key]) => !NOISE.has(key))
    .map(([key, value]) => `${key}: ${shown(value)}`);
  const prefix = style.color === true && level >= 40 ? `\x1b[${level >= 50 ? 31 : 33}m${label}\x1b[0m` : label;
  const clock = style.time === true ? clockOf(record.data['time']) : '';
  return `${clock}${prefix}: ${msg}${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`;
}

/** A logger destination handing each record, as a readable line, to `print`. */
export function readableLogDestination(print: (line: string) => void, style: LineStyle = {}): DestinationStream {
  return {
    write(chunk: string): void {
      for (const line of chunk.split('\n')) if (line.trim() !== '') print(formatLogLine(line, style));
    },
  };
}
