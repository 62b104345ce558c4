/**
 * `$ref`s inside one OpenAPI document (`#/components/schemas/User`): where they lead, and, for the import
 * report, the ones that lead nowhere. A spec is project input, so a ref is only ever a pointer into the
 * document already read: one to another file or a URL is never followed (no file outside the project is
 * read and nothing is fetched), and a malformed escape is a ref that leads nowhere, not an exception.
 */
import type { OpenApiSpec, SiteProblem } from '../model.js';

/** Refs followed one after another before a chain counts as too long (as the endpoint pages stop). */
export const MAX_REF_HOPS = 20;

/** Refs that lead nowhere listed per spec; one more entry counts the rest. */
const MAX_LISTED = 20;

/** Longest ref text quoted in a problem: a hostile spec's megabyte-long ref is cut. */
const MAX_QUOTED = 120;

/** Where a `$ref` leads: the value, or why it leads nowhere. */
export type RefTarget =
  { readonly found: true; readonly value: unknown } | { readonly found: false; readonly why: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One pointer segment as a key: percent escapes (the ref is a URI fragment) then `~1`, `~0` (RFC 6901). */
function segmentKey(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return undefined; // a malformed escape (`%ZZ`, a cut UTF-8 sequence): decodeURIComponent throws URIError
  }
}

/** The value `ref` points to inside `document`; only `#...` refs are followed. */
export function followRef(document: unknown, ref: string): RefTarget {
  if (!ref.startsWith('#')) return { found: false, why: 'refers outside this document, which is not read' };
  if (ref === '#') return { found: true, value: document };
  if (!ref.startsWith('#/')) return { found: false, why: 'is not a JSON pointer ("#/...")' };
  const keys: string[] = [];
  for (const raw of ref.slice(2).split('/')) {
    const key = segmentKey(raw);
    if (key === undefined) return { found: false, why: 'has a malformed percent escape' };
    keys.push(key);
  }
  let node: unknown = document;
  for (const key of keys) {
    if (isRecord(node) && Object.hasOwn(node, key)) node = node[key];
    else if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(key) && Number(key) < node.length) node = node[Number(key)];
    else return { found: false, why: 'points to nothing in this document' };
  }
  return { found: true, value: node };
}

/** The ref that the target of `ref` is only a pointer on to, if it is one. */
function nextRef(document: unknown, ref: string): string | undefined {
  const target = followRef(document, ref);
  const next = target.found && isRecord(target.value) ? target.value['$ref'] : undefined;
  return typeof next === 'string' ? next : undefined;
}

/** Whether the chain of refs starting at `ref` is longer than {@link MAX_REF_HOPS}. */
function endlessChain(document: unknown, ref: string): boolean {
  let current: string | undefined = ref;
  for (let hop = 0; hop <= MAX_REF_HOPS && current !== undefined; hop++) current = nextRef(document, current);
  return current !== undefined;
}

/** Adds to `covered` every ref of the chain starting at `ref` (to its end, or where it loops). */
function coverChain(document: unknown, ref: string, covered: Set<string>): void {
  let current: string | undefined = ref;
  while (current !== undefined && !covered.has(current)) {
    covered.add(current);
    current = nextRef(document, current);
  }
}

function quoted(ref: string): string {
  return ref.length > MAX_QUOTED ? `${ref.slice(0, MAX_QUOTED)}...` : ref;
}

/** Every distinct `$ref` string in `document` (walked without recursion: a spec may nest deeply). */
function refsOf(document: unknown): Set<string> {
  const refs = new Set<string>();
  const seen = new Set<object>(); // a YAML alias makes one object appear in several places
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node as unknown[]) stack.push(item); // no spread: a huge array would overflow the call
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') refs.add(value);
      else stack.push(value);
    }
  }
  return refs;
}

/** Each ref of `refs` that leads nowhere, with why; of an endless chain, only where it starts. */
function unresolved(document: unknown, refs: ReadonlySet<string>): Array<{ ref: string; why: string }> {
  const found: Array<{ ref: string; why: string }> = [];
  const endless: string[] = [];
  const linked = new Set<string>();
  for (const ref of refs) {
    const target = followRef(document, ref);
    if (!target.found) found.push({ ref, why: target.why });
    else if (endlessChain(document, ref)) endless.push(ref);
    const next = nextRef(document, ref);
    if (next !== undefined) linked.add(next);
  }
  // The later links of a chain are refs too: only where it starts is named (a loop of refs: where met first).
  const why = `starts a chain of more than ${MAX_REF_HOPS} refs, which is not followed to its end`;
  const covered = new Set<string>();
  for (const ref of [...endless.filter((r) => !linked.has(r)), ...endless]) {
    if (covered.has(ref)) continue;
    found.push({ ref, why });
    coverChain(document, ref, covered);
  }
  return found;
}

/**
 * `invalid-spec` problems for the refs of `spec` that lead nowhere (another file, a URL, a malformed
 * escape, a missing target, an endless chain): its pages show those schemas empty, and the author should
 * know why. The first {@link MAX_LISTED} are listed, one more entry counts the rest.
 */
export function specRefProblems(spec: OpenApiSpec): SiteProblem[] {
  const found = unresolved(spec.document, refsOf(spec.document));
  const problems = found.slice(0, MAX_LISTED).map(({ ref, why }): SiteProblem => ({
    code: 'invalid-spec',
    file: spec.file,
    message: `$ref "${quoted(ref)}" ${why}`,
  }));
  const unlisted = found.length - problems.length;
  if (unlisted > 0) {
    const message = `and ${unlisted} more $refs that lead nowhere in this document`;
    problems.push({ code: 'invalid-spec', file: spec.file, message, count: unlisted });
  }
  return problems;
}
