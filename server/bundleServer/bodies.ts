/**
 * Small files of the served bundle kept in memory after their first request: a docs site's pages and
 * stylesheets are read over and over, and answering from a buffer instead of opening a stream roughly
 * doubles requests/s (bench/bundle-server). Bounded twice (per file and in all), so memory stays flat
 * whatever the bundle holds; larger files are always streamed from disk.
 */
import { readFile } from 'node:fs/promises';

/** Largest file kept. */
const MAX_FILE_BYTES = 256 * 1024;
/** Most bytes kept in all (first come, first kept: a bundle's hot files are its first requested). */
const MAX_TOTAL_BYTES = 48 * 1024 * 1024;

/** The in-memory copies of one served bundle (a new bundle starts a new cache). */
export class BodyCache {
  private readonly bodies = new Map<string, Buffer>();
  private readonly loading = new Set<string>();
  private used = 0;

  /** The copy of `path`, if kept. */
  get(path: string): Buffer | undefined {
    return this.bodies.get(path);
  }

  /** Reads `path` (of `size` bytes) in the background to keep it, when it fits the bounds. */
  offer(path: string, size: number): void {
    if (size > MAX_FILE_BYTES || this.used + size > MAX_TOTAL_BYTES) return;
    if (this.bodies.has(path) || this.loading.has(path)) return;
    this.loading.add(path);
    this.used += size;
    readFile(path)
      .then((body) => {
        if (body.length === size) this.bodies.set(path, body);
        else this.used -= size;
      })
      .catch(() => (this.used -= size))
      .finally(() => this.loading.delete(path));
  }
}
