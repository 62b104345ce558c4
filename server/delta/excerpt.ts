/**
 * A short excerpt of the first place two texts differ, in words: the words before it, what OLD had
 * there and what NEW has instead, and the words after; for `offprint diff`'s "changed" pages.
 */

/** The first change between two texts. */
export interface TextChange {
  readonly before: string;
  readonly removed: string;
  readonly added: string;
  readonly after: string;
  /** One line for a terminal: `…before [old words → new words] after…`. */
  readonly excerpt: string;
}

/** Words of context either side, and most words shown of each side of the change. */
const CONTEXT = 6;
const SHOWN = 12;

function clip(words: readonly string[], max: number, fromEnd = false): string {
  if (words.length <= max) return words.join(' ');
  return fromEnd ? `…${words.slice(-max).join(' ')}` : `${words.slice(0, max).join(' ')}…`;
}

/** Length of the common prefix of `a` and `b`. */
function prefixLength(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** The first change from `oldText` to `newText` (both whitespace-collapsed), or null when they are equal. */
export function firstChange(oldText: string, newText: string): TextChange | null {
  if (oldText === newText) return null;
  const a = oldText === '' ? [] : oldText.split(' ');
  const b = newText === '' ? [] : newText.split(' ');
  const start = prefixLength(a, b);
  const tail = prefixLength([...a.slice(start)].reverse(), [...b.slice(start)].reverse());
  const removedWords = a.slice(start, a.length - tail);
  const addedWords = b.slice(start, b.length - tail);
  const before = a.slice(Math.max(0, start - CONTEXT), start);
  const after = b.slice(b.length - tail, b.length - tail + CONTEXT);
  const removed = clip(removedWords, SHOWN);
  const added = clip(addedWords, SHOWN);
  const lead = start > CONTEXT ? '…' : '';
  const trail = tail > CONTEXT ? '…' : '';
  const change = `[${removed === '' ? '∅' : removed} → ${added === '' ? '∅' : added}]`;
  const excerpt = `${lead}${[before.join(' '), change, after.join(' ')].filter((p) => p !== '').join(' ')}${trail}`;
  return { before: before.join(' '), removed, added, after: after.join(' '), excerpt };
}
