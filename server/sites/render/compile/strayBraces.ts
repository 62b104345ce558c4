/**
 * A `{` in prose that opens no valid expression (`{ "json": 1 }` written outside a code block, a lone `{`)
 * stops MDX from parsing the whole page; Mintlify then shows none of it (a "parsing error" placeholder).
 * A reader gets more from the page with that brace read as text: {@link escapeStrayBrace} finds the brace
 * a failed parse points at and escapes it, so the compile can be tried again.
 */

/** The parse errors a stray brace causes: micromark's expression extension could not read what follows. */
const EXPRESSION_SOURCE = 'micromark-extension-mdx-expression';

/** A compile error's origin and where in the source it was found. */
interface ParseFailure {
  readonly source?: unknown;
  readonly reason?: unknown;
  readonly place?: { readonly offset?: number; readonly start?: { readonly offset?: number } } | null;
}

/** The source with one stray brace escaped, and where that brace was (offset in the source given). */
export interface BraceRepair {
  readonly text: string;
  readonly offset: number;
  readonly reason: string;
}

/**
 * `text` with the `{` whose expression `error` could not parse escaped (`\{`, a literal brace in Markdown),
 * or null when the error is of another kind or names no place. The brace is the nearest unmatched `{`
 * before the place the parser stopped (it stops inside the expression, or at the end of the file for an
 * unclosed one).
 */
export function escapeStrayBrace(text: string, error: unknown): BraceRepair | null {
  if (!isParseFailure(error) || error.source !== EXPRESSION_SOURCE) return null;
  const failure = error;
  const at = failureOffset(error);
  if (at === null) return null;
  const offset = openingBrace(text, Math.min(at, text.length));
  if (offset < 0) return null;
  const reason = typeof failure.reason === 'string' ? failure.reason : 'not an expression';
  return { text: `${text.slice(0, offset)}\\${text.slice(offset)}`, offset, reason };
}

/** Where in the source a compile error was found (its offset), or null when it names no place. */
export function failureOffset(error: unknown): number | null {
  if (!isParseFailure(error)) return null;
  const at = error.place?.offset ?? error.place?.start?.offset;
  return typeof at === 'number' ? at : null;
}

function isParseFailure(error: unknown): error is ParseFailure {
  return typeof error === 'object' && error !== null;
}

/** The offset of the nearest `{` before `end` not closed before it, or -1. */
function openingBrace(text: string, end: number): number {
  let depth = 0;
  for (let i = end - 1; i >= 0; i--) {
    const char = text[i];
    if (char === '}') depth++;
    else if (char === '{') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** `line:column` (1-based) of `offset` in `text`. */
export function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `${line}:${offset - before.lastIndexOf('\n')}`;
}
