/**
 * One string for equal strings of deserialized data. V8's serializer writes a string out once for each
 * place that holds it, so what the staging thread's model shared (a page's description and its
 * frontmatter's, the kind and format every page names, the code of every problem of one kind) is read
 * back as a copy per place: 7 of the 17 MB of strings of a 10,000-page model were such copies.
 */
export class StringPool {
  private readonly strings = new Map<string, string>();
  /** Objects already walked: the serializer keeps shared objects shared, and an OpenAPI schema may hold itself. */
  private readonly seen = new WeakSet<object>();

  /** The pool's string equal to `text` (`text` itself the first time). */
  private share(text: string): string {
    const pooled = this.strings.get(text);
    if (pooled !== undefined) return pooled;
    this.strings.set(text, text);
    return text;
  }

  /**
   * Replaces, in place, every string value held by `root` and what it holds (plain objects, arrays, Map
   * values, Set members) with the pool's. Map keys stay as they are; typed arrays hold no strings.
   */
  shareAll(root: unknown): void {
    const stack: object[] = [];
    const visit = (value: unknown): unknown => {
      if (typeof value === 'string') return this.share(value);
      if (typeof value === 'object' && value !== null && !this.seen.has(value) && !ArrayBuffer.isView(value)) {
        this.seen.add(value);
        stack.push(value);
      }
      return value;
    };
    visit(root);
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (next instanceof Map) {
        for (const [key, value] of next) next.set(key, visit(value));
      } else if (next instanceof Set) {
        const members = [...next].map(visit);
        next.clear();
        for (const member of members) next.add(member);
      } else {
        // An equal string is `===` to the pooled one: every string is put back, not only changed ones.
        for (const [key, value] of Object.entries(next)) {
          const shared = visit(value);
          if (typeof shared === 'string') Reflect.set(next, key, shared);
        }
      }
    }
  }
}
