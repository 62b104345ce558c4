/**
 * A compile error in words an author reads first: what is wrong and at which line:column of the page,
 * then the compiler's own message (and its parser's, for acorn) for whoever wants the detail. The MDX
 * compiler's messages name its internals ("Could not parse import/exports with acorn"), not the mistake.
 */

/** What the MDX compiler throws (a VFileMessage): where, which part of it, which rule. */
interface CompilerMessage {
  readonly reason?: unknown;
  readonly source?: unknown;
  readonly ruleId?: unknown;
  readonly line?: unknown;
  readonly column?: unknown;
  readonly cause?: unknown;
}

/** The mistake, in words, for a compiler message (by the part of the compiler and rule that raised it). */
function plainWords(source: string, ruleId: string, reason: string): string {
  if (source.endsWith('mdxjs-esm')) return 'an import/export statement could not be parsed';
  if (source.endsWith('mdx-expression')) {
    if (ruleId === 'unexpected-eof') return 'a `{` is never closed by a `}`';
    return 'a JavaScript expression in braces could not be parsed';
  }
  if (ruleId === 'end-tag-mismatch') {
    const unclosed = /^Expected a closing tag for `(<[^`]+>)`/.exec(reason);
    if (unclosed !== null) return `the tag ${unclosed[1]} is never closed`;
    const wrong = /^Unexpected closing tag `(<\/[^`]*>)`, expected corresponding closing tag for `(<[^`]+>)`/.exec(
      reason,
    );
    if (wrong !== null) return `the closing tag ${wrong[1]} does not match the open tag ${wrong[2]}`;
    return 'a JSX tag is closed by the wrong tag, or not at all';
  }
  if (source.endsWith('mdx-jsx')) return 'a JSX tag is malformed';
  return 'the page is not valid MDX';
}

/** `line:column` of the message: its own, else the first one its text names (`(3:1-3:7)`). */
function placeOf(message: CompilerMessage, reason: string): string | null {
  if (typeof message.line === 'number') {
    return `${message.line}:${typeof message.column === 'number' ? message.column : 1}`;
  }
  const named = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(reason);
  return named === null ? null : `${named[1]}:${named[2]}`;
}

/**
 * `MDX syntax error at line L:C: <what is wrong> (<the compiler's message>)` for an MDX compile error;
 * any other thrown value as its message (with `(line L:C)` when it has a place).
 */
export function describeCompileError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = error as Error & CompilerMessage;
  const reason = typeof message.reason === 'string' ? message.reason : error.message;
  const source = typeof message.source === 'string' ? message.source : '';
  if (!source.includes('mdx')) {
    const where = typeof message.line === 'number' ? ` (line ${placeOf(message, reason)})` : '';
    return `${reason}${where}`;
  }
  const place = placeOf(message, reason);
  const ruleId = typeof message.ruleId === 'string' ? message.ruleId : '';
  // acorn says what it met ("Unexpected token"): the most precise part of the detail.
  const cause = message.cause instanceof Error ? `: ${message.cause.message.replace(/ \(\d+:\d+\)$/, '')}` : '';
  const at = place === null ? '' : ` at line ${place}`;
  return `MDX syntax error${at}: ${plainWords(source, ruleId, reason)} (${reason}${cause})`;
}
