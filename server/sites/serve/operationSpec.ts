/**
 * An endpoint page's Markdown view ends with its operation's OpenAPI definition, as Mintlify's does: the
 * page's parameters, body and responses are drawn from the spec, so without it an agent reading the `.md`
 * view, `llms-full.txt` or a copied page got a method, a path and nothing of what to send or expect. The
 * definition is a spec of its own: the document's version, info and servers, the one operation under its
 * path (or webhook), and the components it refers to, directly or through one another.
 */
import { stringify } from 'yaml';
import type { OpenApiOperation, OpenApiSpec } from '../project/model.js';
import { followRef } from '../project/openapi/pointer.js';

/** Components a definition carries at most: a spec whose every schema refers to every other stays bounded. */
const MAX_COMPONENTS = 500;

/** The document keys a definition keeps beside the operation. */
const KEPT = ['openapi', 'swagger', 'info', 'servers', 'host', 'basePath', 'schemes', 'security'] as const;

/** Every internal `$ref` under `value`, in document order. */
function refsIn(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, out);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/')) out.add(child);
    else refsIn(child, out);
  }
}

/** `#/components/schemas/User` -> `['components', 'schemas', 'User']`, decoded as a JSON pointer. */
function pointerKeys(ref: string): string[] {
  return ref
    .slice(2)
    .split('/')
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets `value` at `keys` in `tree`, making the objects on the way. */
function place(tree: Record<string, unknown>, keys: readonly string[], value: unknown): void {
  let node = tree;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (isRecord(next)) node = next;
    else {
      const made: Record<string, unknown> = {};
      node[key] = made;
      node = made;
    }
  }
  const last = keys.at(-1);
  if (last !== undefined) node[last] = value;
}

/** The definitions `refs` name (and those they name), placed where the document has them. */
function referenced(document: unknown, start: Set<string>): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0 && seen.size < MAX_COMPONENTS) {
    const ref = queue.shift();
    if (ref === undefined || seen.has(ref)) continue;
    seen.add(ref);
    const target = followRef(document, ref);
    if (!target.found) continue;
    place(tree, pointerKeys(ref), target.value);
    const more = new Set<string>();
    refsIn(target.value, more);
    for (const next of more) if (!seen.has(next)) queue.push(next);
  }
  return tree;
}

/** The operation's own spec, as YAML. */
export function operationSpecYaml(spec: OpenApiSpec, op: OpenApiOperation): string {
  const { document } = spec;
  const head = Object.fromEntries(KEPT.filter((key) => document[key] !== undefined).map((key) => [key, document[key]]));
  const item =
    op.kind === 'webhook' ? { [op.method]: op.operation } : { ...sharedOf(op.pathItem), [op.method]: op.operation };
  const body = op.kind === 'webhook' ? { webhooks: { [op.path]: item } } : { paths: { [op.path]: item } };
  const refs = new Set<string>();
  refsIn(body, refs);
  // Security requirements name their schemes rather than refer to them (Swagger 2 keeps them elsewhere).
  const schemes = document['swagger'] === undefined ? '#/components/securitySchemes/' : '#/securityDefinitions/';
  for (const name of schemeNames(op.operation['security'] ?? document['security']))
    refs.add(`${schemes}${name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  return stringify({ ...head, ...body, ...referenced(document, refs) }, { aliasDuplicateObjects: false, lineWidth: 0 });
}

/** The scheme names of a `security` list (`[{apiKey: []}, {oauth: [read]}]`). */
function schemeNames(security: unknown): string[] {
  if (!Array.isArray(security)) return [];
  return security.flatMap((requirement) => (isRecord(requirement) ? Object.keys(requirement) : []));
}

/** What a path item shares with all its operations (parameters, servers), without its other operations. */
function sharedOf(pathItem: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const shared: Record<string, unknown> = {};
  for (const key of ['summary', 'description', 'servers', 'parameters'])
    if (pathItem[key] !== undefined) shared[key] = pathItem[key];
  return shared;
}

/** The Markdown section an endpoint page's view ends with: its OpenAPI definition in a YAML block. */
export function operationSpecMarkdown(spec: OpenApiSpec, op: OpenApiOperation): string {
  const label = op.kind === 'webhook' ? `webhook ${op.path}` : `${op.method} ${op.path}`;
  let yaml: string;
  try {
    yaml = operationSpecYaml(spec, op).trimEnd();
  } catch {
    // A YAML spec whose anchors make a loop cannot be written out whole: the view goes without it.
    return '';
  }
  return `## OpenAPI\n\n\`\`\`\`yaml ${spec.file} ${label}\n${yaml}\n\`\`\`\``;
}
