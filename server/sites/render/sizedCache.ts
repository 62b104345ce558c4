/**
 * A least-recently-used cache bounded by the size of what it holds rather than by its number of entries.
 * A render sandbox caches compiled MDX and highlighted code so that a snippet many pages import, or a
 * page read again on the live site, is not redone; a count of entries let a sandbox that rendered a
 * large site keep thousands of whole pages (their source and compiled code) for the process's life,
 * however large they were. A size bound keeps what a small site had and stops there.
 */
export class SizedCache<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly size: number }>();
  private held = 0;

  /**
   * @param budget the most the entries may add up to, in the unit `sizeOf` measures
   * @param sizeOf the size of an entry (for text, its length in characters)
   */
  constructor(
    private readonly budget: number,
    private readonly sizeOf: (key: string, value: V) => number,
  ) {}

  /** The value of `key`, now the most recently used; undefined when it is not cached. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Map iteration follows insertion order: re-inserting makes the entry the last to be evicted.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Caches `value` under `key`, evicting the least recently used entries past the budget. */
  set(key: string, value: V): void {
    const size = this.sizeOf(key, value);
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.held -= previous.size;
    }
    // An entry larger than the whole budget would only evict everything else.
    if (size > this.budget) return;
    this.entries.set(key, { value, size });
    this.held += size;
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.budget) break;
      this.entries.delete(oldest);
      this.held -= entry.size;
    }
  }

  /** Entries cached. */
  get size(): number {
    return this.entries.size;
  }

  /** What the entries add up to, in the unit of `sizeOf`. */
  get heldSize(): number {
    return this.held;
  }
}
