/**
 * Rendered documents, kept in memory across requests. Keys start with `projectId/buildId/`, so a
 * re-import never serves a page of the old build: the new build has other keys, and the old ones are
 * dropped when the switch is seen. Bounded by total size (least recently used out first); concurrent
 * requests for a page that is being rendered wait for the same render.
 */

/** One cached response body. */
export interface CachedBody {
  readonly body: string;
  readonly etag: string;
  /**
   * Why the body is not the lasting answer (a page whose render ran out of time): it goes to the requests
   * already waiting for it, and is then dropped, so the next request makes it again.
   */
  readonly incomplete?: string;
}

interface Entry {
  readonly value: Promise<CachedBody>;
  size: number;
  /** When an incomplete body stops being served (ms since the epoch); absent for a lasting one. */
  expires?: number;
}

/** The cache; one per {@link SiteServers}, shared by its sites. */
export class RenderCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /**
   * @param maxBytes total size of the bodies kept (UTF-16 estimate).
   * @param keepIncompleteMs how long an incomplete body is served before it is made again: 0 for at once
   *   (an export's capture retries); more on a live site, where each render of a page that loops costs a
   *   sandbox its whole time, so that readers asking again and again cannot keep the shared pool busy.
   */
  constructor(
    private readonly maxBytes = 256 * 1024 * 1024,
    private readonly keepIncompleteMs = 0,
  ) {}

  /** The body under `key`, produced by `make` when it is not cached (or being produced) yet. */
  get(key: string, make: () => Promise<CachedBody>): Promise<CachedBody> {
    const hit = this.entries.get(key);
    if (hit?.expires !== undefined && Date.now() >= hit.expires) this.forget(key, hit);
    else if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry: Entry = { value: make(), size: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (body) => {
        if (this.entries.get(key) !== entry) return;
        if (body.incomplete !== undefined) {
          if (this.keepIncompleteMs <= 0) {
            this.entries.delete(key);
            return;
          }
          entry.expires = Date.now() + this.keepIncompleteMs;
        }
        entry.size = body.body.length * 2;
        this.bytes += entry.size;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  /** Drops `entry`, kept under `key`, and the bytes it counted. */
  private forget(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  /** Forgets every key starting with `prefix` (a replaced build). */
  dropPrefix(prefix: string): void {
    for (const [key, entry] of this.entries) {
      if (key.startsWith(prefix)) this.forget(key, entry);
    }
  }

  /**
   * Forgets every body: an export's site server once its rendering is over, when no page is asked for
   * twice and what is kept would only weigh on the assembly and the check (issue 13).
   */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Number of entries (rendered or in progress). */
  get size(): number {
    return this.entries.size;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      // Renders still in progress have size 0 and are not worth dropping.
      if (entry.size > 0) this.forget(key, entry);
    }
  }
}
