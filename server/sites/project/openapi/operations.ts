/**
 * OpenAPI operation references (`"GET /users"`, `"specs/api.yaml POST /users"`, `"webhook userCreated"`)
 * and the URL rule for pages generated from operations.
 *
 * Generated page path, as Mintlify documents it (api-playground/endpoint-urls):
 *   `<directory>/<slug(first tag)>/<slug(summary)>`, or without a summary `<method>-<path's fixed segments>`
 *   (`GET /users/{id}/posts` -> `get-users-posts`),
 * where `directory` is the division's `openapi.directory` (default `api-reference`), lower-cased, and the
 * tag segment is left out for untagged operations. `slug` replaces each space with `-`, removes
 * `{ } ( ) , . ' /` and lower-cases, keeping the rest (`"Search & list entities"` ->
 * `search-&-list-entities`, `getHealth` -> `gethealth`, `Créer un client` -> `créer-un-client`). Offprint
 * also drops what Mintlify keeps but a bundle's file name or a path segment cannot hold as written
 * (`? : * " < > | % #`, control characters). A path already taken gets `-1`, then `-2`, ... in
 * navigation order.
 * An operation's `x-mint: href` (a site path) overrides the rule: Mintlify serves its page there, or, when
 * a page already lives there, links the navigation entry to that page instead of generating one.
 */
import { posix } from 'node:path';
import { z } from 'zod';
import type { HttpMethod, OpenApiOperation, OpenApiSpec } from '../model.js';
import { HTTP_METHODS } from './specs.js';

/** A parsed operation reference. */
export type OperationRef =
  | { readonly kind: 'operation'; readonly spec?: string; readonly method: HttpMethod; readonly path: string }
  | { readonly kind: 'webhook'; readonly spec?: string; readonly name: string };

const OPERATION = new RegExp(`^\\s*(?:(\\S+)\\s+)?(${HTTP_METHODS.join('|')})\\s+(\\S+)\\s*$`, 'i');
const WEBHOOK = /^\s*(?:(\S+)\s+)?webhook\s+(\S.*?)\s*$/i;

/** A spec's `tags` list; each entry is checked on its own, so one odd entry does not hide the others. */
const TagListSchema = z.array(z.unknown());
/** A declared tag and the labels it may give its sidebar group (tags without one keep their own name). */
const LabelledTagSchema = z.looseObject({
  name: z.string(),
  'x-group': z.string().min(1).optional().catch(undefined),
  'x-displayName': z.string().min(1).optional().catch(undefined),
});

/** The operation's `x-mint` extension, of which only `href` decides where its page goes. */
const MintExtensionSchema = z.looseObject({ href: z.string() });

/**
 * A path an `x-mint: href` may give a page: segments of letters, digits and `-_.~`, none starting with a
 * dot. The href comes from the project's spec (untrusted) and becomes the page's URL and its bundle file
 * name, so `..`, `%2e%2e`, a hidden file or anything a URL parser might reinterpret keeps the default path.
 */
const SAFE_PAGE_PATH = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/;

/**
 * The site path an operation's `x-mint: href` asks for (`"/api/generate"` -> `api/generate`); undefined
 * without one, or for a URL off the site, which an offline page cannot stand in for.
 */
export function operationHref(op: OpenApiOperation): string | undefined {
  const ext = MintExtensionSchema.safeParse(op.operation['x-mint']);
  if (!ext.success) return undefined;
  const href = ext.data.href.trim();
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return undefined;
  const path = href
    .replace(/[?#].*$/, '')
    .replace(/^\.?\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.mdx?$/i, '');
  return isPlainSitePath(path) ? path : undefined;
}

/**
 * Whether `path` (no leading or trailing slash) may name site pages as written: segments of letters,
 * digits and `-_.~`, none starting with a dot. For paths an untrusted spec or config gives generated pages.
 */
export function isPlainSitePath(path: string): boolean {
  return SAFE_PAGE_PATH.test(path);
}

/** Parses `"[spec] METHOD /path"` or `"[spec] webhook name"`; undefined for anything else (a page path). */
export function parseOperationRef(text: string): OperationRef | undefined {
  const op = OPERATION.exec(text);
  if (op?.[2] !== undefined && op[3] !== undefined && (op[3].startsWith('/') || op[1] !== undefined)) {
    const method = op[2].toLowerCase() as HttpMethod;
    return op[1] === undefined
      ? { kind: 'operation', method, path: op[3] }
      : { kind: 'operation', spec: op[1], method, path: op[3] };
  }
  const hook = WEBHOOK.exec(text);
  if (hook?.[2] !== undefined) {
    return hook[1] === undefined
      ? { kind: 'webhook', name: hook[2] }
      : { kind: 'webhook', spec: hook[1], name: hook[2] };
  }
  return undefined;
}

/** Whether a spec reference is a URL (which an offline import cannot fetch). */
export function isRemoteSpec(spec: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(spec);
}

/** A project-relative spec file from a reference as written (`/specs/a.json`, `./specs/a.json`). */
export function specFileOf(spec: string): string {
  return spec.replace(/^\.?\/+/, '');
}

/**
 * The spec file a page's `openapi:` reference names, from the page at `pageFile`: a reference written
 * relative to it (`../api.json`, `./api.json`) names a file of the page's folder when the project has
 * one there, as Mintlify reads it; anything else is read from the project root (`rootFile`).
 */
export function pageSpecFile(
  written: string,
  rootFile: string,
  pageFile: string,
  exists: (file: string) => boolean,
): string {
  if (!/^\.\.?\//.test(written.trim())) return rootFile;
  const beside = posix.normalize(posix.join(posix.dirname(pageFile), written.trim()));
  return !beside.startsWith('../') && exists(beside) ? beside : rootFile;
}

function matches(op: OpenApiOperation, ref: OperationRef): boolean {
  if (ref.kind === 'webhook') return op.kind === 'webhook' && op.path === ref.name;
  return op.kind === 'operation' && op.method === ref.method && op.path === ref.path;
}

/**
 * Finds the operation a reference names. With a spec in the reference, only that spec; otherwise the
 * `preferred` specs (inherited from the navigation) in order, then every spec alphabetically (the
 * format's rule for frontmatter without a spec: first alphabetical match wins).
 */
export function findOperation(
  specs: ReadonlyMap<string, OpenApiSpec>,
  ref: OperationRef,
  preferred: readonly string[] = [],
): OpenApiOperation | undefined {
  const order =
    ref.spec !== undefined ? [specFileOf(ref.spec)] : [...preferred.map(specFileOf), ...[...specs.keys()].sort()];
  for (const file of order) {
    const found = specs.get(file)?.operations.find((op) => matches(op, ref));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Why {@link findOperation} found nothing for `ref`, in the import report's words: the spec it names is
 * not in the project (or is not an OpenAPI document), has no operations at all (`paths` empty or null),
 * or lacks this one; without a spec, the project has none, or none of its specs has it (`unfetched`: the
 * config names one by URL that the import could not fetch).
 */
export function missingOperationReason(
  specs: ReadonlyMap<string, OpenApiSpec>,
  ref: OperationRef,
  unfetched = false,
): string {
  const what = ref.kind === 'webhook' ? `the webhook ${ref.name}` : `${ref.method.toUpperCase()} ${ref.path}`;
  if (ref.spec === undefined) {
    // Julep's mint.json names its one spec by URL: "the project has no OpenAPI spec" hid the cause.
    if (unfetched)
      return 'the spec the config names by URL is not fetched (see its remote-spec problem), and no local one has it';
    return specs.size === 0 ? 'the project has no OpenAPI spec' : 'no local OpenAPI spec has this operation';
  }
  const file = specFileOf(ref.spec);
  const spec = specs.get(file);
  if (spec === undefined) return `${file} is not an OpenAPI spec of the project (no such file, or not one)`;
  if (spec.operations.length === 0) return `${file} has no operations (its paths are empty)`;
  return `${file} has no ${what}`;
}

/** What Mintlify removes from a summary or tag name in an endpoint page's URL. */
const MINTLIFY_REMOVED = /[{}(),.'/]/g;
/** What Mintlify keeps but a bundle file name (Windows' included) or a URL path segment cannot hold. */
const UNSAFE_IN_PATH = /[^\p{L}\p{M}\p{N}\-_~!$&+;=@]/gu;

/** `"Create a user"` -> `create-a-user`; `"Search & list entities"` -> `search-&-list-entities`. */
export function slugify(text: string): string {
  return text
    .trim()
    .replace(/\s/g, '-')
    .replace(MINTLIFY_REMOVED, '')
    .toLowerCase()
    .replace(UNSAFE_IN_PATH, '')
    .replace(/^-+|-+$/g, '');
}

/** The slug of an operation without a summary: its method and the path's fixed segments, `get-users-posts`. */
function methodPathSlug(op: OpenApiOperation): string {
  const fixed = op.path.split('/').filter((segment) => segment !== '' && !/^\{[^}]*\}$/.test(segment));
  return [op.method, ...fixed]
    .map(slugify)
    .filter((part) => part !== '')
    .join('-');
}

/** The preferred page path of a generated endpoint page (see the module comment). */
export function operationPagePath(op: OpenApiOperation, directory: string): string {
  // The directory in lower case, as Mintlify writes it in the URL.
  const dir = directory.replace(/^\/+|\/+$/g, '').toLowerCase();
  const name = (op.summary === undefined ? '' : slugify(op.summary)) || methodPathSlug(op) || op.method;
  const tag = op.tags[0] === undefined ? '' : slugify(op.tags[0]);
  return [dir, tag, name].filter((part) => part !== '').join('/');
}

/**
 * The label of the sidebar group an operation's tag gets: the tag's `x-group`, else its `x-displayName`
 * (which specs written for Redoc carry), else its name, as Mintlify labels it.
 */
export function tagGroupLabel(spec: OpenApiSpec, tag: string): string {
  const tags = TagListSchema.safeParse(spec.document['tags']);
  for (const entry of tags.success ? tags.data : []) {
    const t = LabelledTagSchema.safeParse(entry);
    if (t.success && t.data.name === tag) return t.data['x-group'] ?? t.data['x-displayName'] ?? tag;
  }
  return tag;
}
