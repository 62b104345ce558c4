/**
 * `$ref`s inside an example value, replaced by what they point to. Specs reuse one example object in
 * several (Phonic's `example: { agent: { $ref: '#/components/examples/AgentExample/value' } }`); Mintlify
 * dereferences the whole document, so the reader sees the agent, where the example showed the `$ref` itself.
 */
import { followRef } from '../../project/openapi/pointer.js';
import { isObject, type Json } from './schemaFacts.js';

/** Levels of nesting followed at most: an example is data a reader reads, not a tree to walk without end. */
const MAX_DEPTH = 32;

/** Values visited at most per example, so refs that fan out (each pointing at a large value) stay bounded. */
const MAX_NODES = 20_000;

/**
 * Characters of text a ref may bring in, all refs of an example together: a ref is a few bytes and its
 * target may be a long string, so 20,000 refs to one 100 KB string would write 2 GB into the page.
 */
const MAX_CHARS = 1_000_000;

/**
 * `value` with each `{ $ref: '#/...' }` in it replaced by its target, followed again inside the target; a
 * ref that points nowhere, refers outside the document or repeats one being expanded (a cycle) stays as
 * written. A value without refs comes back as it was.
 */
export function withExampleRefs(document: Json, value: unknown): unknown {
  let budget = MAX_NODES;
  let chars = MAX_CHARS;
  const walk = (node: unknown, stack: readonly string[], depth: number): unknown => {
    if (budget-- <= 0 || depth > MAX_DEPTH) return node;
    if (typeof node === 'string' && stack.length > 0) chars -= node.length;
    if (Array.isArray(node)) return node.map((item: unknown) => walk(item, stack, depth + 1));
    if (!isObject(node)) return node;
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      // Past the text bound no ref is followed: what is left reads as written, at its own size.
      if (stack.includes(ref) || chars <= 0) return node;
      const target = followRef(document, ref);
      return target.found ? walk(target.value, [...stack, ref], depth + 1) : node;
    }
    return Object.fromEntries(
      Object.entries(node).map(([key, item]) => {
        if (stack.length > 0) chars -= key.length;
        return [key, walk(item, stack, depth + 1)];
      }),
    );
  };
  return hasRef(value, 0) ? walk(value, [], 0) : value;
}

/** Whether a `$ref` key appears anywhere in `value` (most examples have none and are not copied). */
function hasRef(value: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item: unknown) => hasRef(item, depth + 1));
  if (!isObject(value)) return false;
  return typeof value['$ref'] === 'string' || Object.values(value).some((item) => hasRef(item, depth + 1));
}
