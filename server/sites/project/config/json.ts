/** Reading JSON files of a docs project with errors that point at file, line and column. */
import { readFileSync, statSync } from 'node:fs';
import { AppError, ValidationError } from '../../../errors.js';
import { formatBytes } from '../../../bytes.js';

/**
 * Caps on one JSON file of a project. JSON.parse itself copes with any nesting, but everything that
 * walks the result recursively (ref splicing, validation) would overflow the stack: a real config
 * nests about ten levels. A docs.json of a large site is tens of KB.
 */
export const JSON_FILE_LIMITS = { maxDepth: 64, maxBytes: 8 * 1024 * 1024 } as const;

/** Line and column (both 1-based) of a character offset in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

/** The offset V8 reports in a JSON.parse error message ("... at position 12"), else the end of the text. */
function errorOffset(message: string, text: string): number {
  const position = /position (\d+)/.exec(message);
  if (position?.[1] !== undefined) return Number(position[1]);
  // Newer V8 reports "(line L column C)" only.
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc?.[1] !== undefined && lc[2] !== undefined) {
    const lines = text.split('\n').slice(0, Number(lc[1]) - 1);
    return lines.reduce((n, l) => n + l.length + 1, 0) + Number(lc[2]) - 1;
  }
  return text.length;
}

/** Offset of the first `[`/`{` nested deeper than `maxDepth` (outside strings), else -1. One pass, no recursion. */
export function tooDeepAt(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/**
 * Parses JSON text; a syntax error becomes a ValidationError naming `displayName`, line and column, as
 * does nesting deeper than {@link JSON_FILE_LIMITS}. A UTF-8 byte-order mark is tolerated.
 */
export function parseJsonText(text: string, displayName: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const deep = tooDeepAt(body, JSON_FILE_LIMITS.maxDepth);
  if (deep >= 0) {
    const { line, column } = lineColumn(body, deep);
    throw ValidationError(`${displayName} is nested too deeply`, [
      `${displayName}: line ${line}, column ${column}: nested deeper than the ${JSON_FILE_LIMITS.maxDepth} levels allowed`,
    ]);
  }
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { line, column } = lineColumn(body, errorOffset(message, body));
    // V8's message already names the position; keep only the description part.
    const problem = message
      .replace(/\s*(in JSON )?at position \d+.*$/s, '')
      .replace(/\s*\(line \d+ column \d+\)/, '')
      .replace(/, ".*" is not valid JSON$/s, '');
    throw ValidationError(`${displayName} is not valid JSON`, [
      `${displayName}: line ${line}, column ${column}: ${problem}`,
    ]);
  }
}

/** Reads and parses a JSON file; `displayName` (a project-relative path) is what errors show. */
export function readJsonFile(absPath: string, displayName: string): unknown {
  let text: string;
  try {
    const size = statSync(absPath).size;
    if (size > JSON_FILE_LIMITS.maxBytes) {
      throw ValidationError(`${displayName} is too large`, [
        `${displayName}: ${formatBytes(size)}, more than the ${formatBytes(JSON_FILE_LIMITS.maxBytes)} a JSON file of the project may have`,
      ]);
    }
    text = readFileSync(absPath, 'utf8');
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw ValidationError(`${displayName} cannot be read`, [`${displayName}: ${code}`]);
  }
  return parseJsonText(text, displayName);
}
