/**
 * How deeply parsed project data (a spec, a page's frontmatter) nests. JSON.parse and YAML cope with any
 * nesting, but what walks the result recursively afterwards (the import thread's hand-over serializer,
 * validation, renderers) overflows the stack on data nested thousands deep, failing the whole import.
 */

/** Whether `value` nests objects and arrays deeper than `max` levels (walked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  const seen = new Set<object>(); // a YAML alias makes one object appear in several places
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { node, depth } = item;
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    if (depth >= max) return true;
    seen.add(node);
    for (const child of Object.values(node)) stack.push({ node: child, depth: depth + 1 });
  }
  return false;
}
