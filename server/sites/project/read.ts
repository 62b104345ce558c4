/**
 * Reading a project's own files by their `/`-separated paths, without ever leaving its folder: no `.`/`..`
 * segments, no hidden files, no symbolic links. The site servers and the render sandboxes read through it.
 */
import { lstatSync, readFileSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';

/** True when a segment names a hidden file or folder (`.env`, `.git`). */
export function hasDotSegment(segments: readonly string[]): boolean {
  return segments.some((s) => s.startsWith('.'));
}

/**
 * The regular file `segments` names inside `root`, with its stats; null when it is missing, not a
 * regular file, or reached through a symbolic link (imports drop links, so one here is not ours).
 */
export function statInside(root: string, segments: readonly string[]): { file: string; stats: Stats } | null {
  if (segments.length === 0) return null;
  let current = root;
  for (const [index, segment] of segments.entries()) {
    if (segment === '' || segment === '.' || segment === '..' || segment.includes('/') || segment.includes(sep)) {
      return null;
    }
    current = join(current, segment);
    let stats: Stats;
    try {
      stats = lstatSync(current);
    } catch {
      return null;
    }
    if (stats.isSymbolicLink()) return null;
    if (index === segments.length - 1) return stats.isFile() ? { file: current, stats } : null;
    if (!stats.isDirectory()) return null;
  }
  return null;
}

/** Reads a file of the project by its `/`-separated path relative to `root`; null when absent or too big. */
export function readProjectBytes(root: string, relPath: string, maxBytes: number): Buffer | null {
  const segments = relPath.replace(/^\/+/, '').split('/');
  if (hasDotSegment(segments)) return null;
  const found = statInside(root, segments);
  if (found === null || found.stats.size > maxBytes) return null;
  try {
    return readFileSync(found.file);
  } catch {
    return null;
  }
}

/** Reads a text file of the project by its `/`-separated path relative to `root`; null when absent or too big. */
export function readProjectText(root: string, relPath: string, maxBytes = 4 * 1024 * 1024): string | null {
  return readProjectBytes(root, relPath, maxBytes)?.toString('utf8') ?? null;
}
