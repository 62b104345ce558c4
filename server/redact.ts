/**
 * Keeps server paths out of what callers read. Error messages are written for people and sometimes name
 * a file; when that file is under the data dir or the temp dir, the caller learns nothing useful from
 * its absolute path and an attacker learns the layout. The log keeps the unredacted error.
 */
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** What a hidden path reads as. */
export const HIDDEN_PATH = '[server path]';

function withReal(dir: string): string[] {
  try {
    const real = realpathSync(dir);
    return real === dir ? [dir] : [dir, real];
  } catch {
    return [dir];
  }
}

/** The folders whose paths are never shown: `dirs` (the data dir) and the temp dir, as given and resolved. */
export function privateRoots(dirs: readonly string[]): string[] {
  const roots = [...dirs, tmpdir()].filter((dir) => dir.length > 1).flatMap(withReal);
  // Longest first, so a data dir inside the temp dir is replaced whole.
  return [...new Set(roots)].sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `text` with every path under one of `roots` (the root itself included) replaced by {@link HIDDEN_PATH}. */
export function redactPaths(text: string, roots: readonly string[]): string {
  let out = text;
  for (const root of roots) {
    out = out.replace(new RegExp(`${escapeRegExp(root)}(?:[/\\\\][^\\s"'\`:,;)\\]]*)?`, 'g'), HIDDEN_PATH);
  }
  return out;
}
