/**
 * OpenAPI schemas -> field rows (the `op-field` markup of ParamField/ResponseField, DOM.md). Internal
 * `$ref`s (`#/...`) are resolved against the spec document; cycles stop at the repeat, and what a section
 * lists is bounded (listing.ts).
 */
import { followRef, MAX_REF_HOPS } from '../../project/openapi/pointer.js';
import { kebabName } from '../../render/runtime/slugs.js';
import { esc } from '../html.js';
import { tabStrip } from './code.js';
import { Listing } from './listing.js';
import { miniMarkdown } from './markdown.js';
import { constraints, hasProperties, isObject, keyRowValue, literal, mapValue, type Json } from './schemaFacts.js';

export { isObject, type Json } from './schemaFacts.js';

const MAX_DEPTH = 8;

/**
 * Resolution context: the spec document, the refs being expanded (for cycle detection), and what the
 * section being rendered has listed so far.
 */
export class SchemaContext {
  constructor(
    readonly document: Json,
    private readonly stack: readonly string[] = [],
    readonly listing: Listing = Listing.ofRows(),
  ) {}

  /** The same place in the document, for a new section (or example) with a listing of its own. */
  section(listing: Listing = Listing.ofRows()): SchemaContext {
    return new SchemaContext(this.document, this.stack, listing);
  }

  /** Follows `$ref`s; `cycle` is set when the ref is already being expanded. */
  resolve(value: unknown): { node: Json | undefined; ref?: string; cycle: boolean; ctx: SchemaContext } {
    let node = value;
    let ref: string | undefined;
    for (let hops = 0; hops < MAX_REF_HOPS && isObject(node) && typeof node['$ref'] === 'string'; hops++) {
      ref = node['$ref'];
      if (this.stack.includes(ref)) return { node: undefined, ref, cycle: true, ctx: this };
      node = this.pointer(ref);
    }
    const ctx = ref === undefined ? this : new SchemaContext(this.document, [...this.stack, ref], this.listing);
    return { node: isObject(node) ? node : undefined, ...(ref === undefined ? {} : { ref }), cycle: false, ctx };
  }

  private pointer(ref: string): unknown {
    const target = followRef(this.document, ref);
    return target.found ? target.value : undefined;
  }

  get depth(): number {
    return this.stack.length;
  }
}

/** The last segment of a `$ref` (`#/components/schemas/User` -> `User`). */
export function refName(ref: string | undefined): string | undefined {
  return ref?.split('/').pop();
}

/** `allOf` merged into one schema (properties and required lists combined). */
export function flatten(ctx: SchemaContext, schema: Json): Json {
  const parts = Array.isArray(schema['allOf']) ? (schema['allOf'] as unknown[]) : [];
  if (parts.length === 0) return schema;
  const properties: Record<string, unknown> = { ...(isObject(schema['properties']) ? schema['properties'] : {}) };
  const required = new Set<string>(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
  let merged: Record<string, unknown> = { ...schema };
  delete merged['allOf'];
  for (const part of parts) {
    const { node } = ctx.resolve(part);
    if (!node) continue;
    const flat = flatten(ctx, node);
    merged = { ...flat, ...merged };
    if (isObject(flat['properties'])) Object.assign(properties, flat['properties']);
    if (Array.isArray(flat['required'])) (flat['required'] as string[]).forEach((r) => required.add(r));
  }
  return { ...merged, properties, required: [...required] };
}

/** The alternatives of a `oneOf`/`anyOf` schema ([] for others). */
export function variants(schema: Json): unknown[] {
  const list = schema['oneOf'] ?? schema['anyOf'];
  return Array.isArray(list) ? list : [];
}

/** A short type label: `string`, `integer<int64>`, `User[]`, `string | null`, `object`. */
export function typeLabel(ctx: SchemaContext, value: unknown, depth = 0): string {
  const { node, ref } = ctx.resolve(value);
  if (!node) return refName(ref) ?? 'any';
  const schema = flatten(ctx, node);
  let type = schema['type'];
  const nullable = schema['nullable'] === true || (Array.isArray(type) && type.includes('null'));
  if (Array.isArray(type)) type = type.filter((t) => t !== 'null')[0];
  let label: string;
  if (type === 'array' || schema['items'] !== undefined) {
    label = depth > 3 ? 'array' : `${typeLabel(ctx, schema['items'], depth + 1)}[]`;
  } else if (variants(schema).length > 0) {
    label = variants(schema)
      .map((v) => typeLabel(ctx, v, depth + 1))
      .filter((v, i, a) => a.indexOf(v) === i)
      .join(' | ');
  } else if (mapValue(schema) !== undefined && !hasProperties(schema)) {
    label = depth > 3 ? 'map' : `map<${typeLabel(ctx, mapValue(schema), depth + 1)}>`;
  } else if (typeof type === 'string') {
    label = typeof schema['format'] === 'string' ? `${type}<${schema['format']}>` : type;
  } else {
    label = schema['properties'] !== undefined ? 'object' : (refName(ref) ?? 'any');
  }
  return nullable ? `${label} | null` : label;
}

/** A field row's own schema ref (undefined: written inline) and anchor id (null: it has none). */
interface RowPlace {
  readonly ref: string | undefined;
  readonly id: string | null;
}

/**
 * The object schema whose properties are the children of `schema` (itself, or its array items), and the
 * ref it was reached by (`ownRef` for itself).
 */
function childObject(
  ctx: SchemaContext,
  schema: Json,
  ownRef: string | undefined,
): { node: Json; ctx: SchemaContext; ref: string | undefined } | undefined {
  const target =
    schema['type'] === 'array' || schema['items'] !== undefined
      ? ctx.resolve(schema['items'])
      : { node: schema, ctx, cycle: false, ref: ownRef };
  if (!target.node || target.cycle) return undefined;
  const flat = flatten(target.ctx, target.node);
  return hasProperties(flat) || keyRowValue(flat) !== undefined
    ? { node: flat, ctx: target.ctx, ref: target.ref }
    : undefined;
}

function expandable(title: string, body: string): string {
  return (
    `<details class="op-expandable"><summary class="op-expandable-summary" data-title="${esc(title)}">` +
    `<span class="op-expandable-show">Show ${esc(title)}</span><span class="op-expandable-hide">Hide ${esc(title)}</span>` +
    `</summary><div class="op-expandable-body">${body}</div></details>`
  );
}

/**
 * Where a row's anchor id comes from: Mintlify ids endpoint rows `<prefix>-<kebab name>` (`body-redirect-to`,
 * `response-data-id` for nested rows, `parameter-user-id`), so links authors copy from Mintlify land here.
 * `unique` makes the id page-unique (the same field under two response codes).
 */
export interface FieldAnchor {
  readonly prefix: string;
  readonly unique: (base: string) => string;
}

/** Options of one field row. */
export interface FieldOptions {
  readonly required?: boolean;
  readonly location?: string;
  readonly anchor?: FieldAnchor;
  readonly kind?: 'param' | 'response';
  /** Description overriding the schema's (parameters carry their own). */
  readonly description?: unknown;
  readonly deprecated?: boolean;
  readonly example?: unknown;
}

/** One field row, with nested properties / variants collapsible below it. */
export function fieldRow(ctx: SchemaContext, name: string, value: unknown, opts: FieldOptions = {}): string {
  ctx.listing.add();
  const { node, ctx: inner, cycle, ref } = ctx.resolve(value);
  const schema = node ? flatten(inner, node) : {};
  const description = typeof opts.description === 'string' ? opts.description : schema['description'];
  const deprecated = opts.deprecated === true || schema['deprecated'] === true;
  const example =
    opts.example ??
    schema['example'] ??
    (Array.isArray(schema['examples']) ? (schema['examples'] as unknown[])[0] : undefined);
  let head = `<span class="op-field-name">${esc(name)}</span>`;
  if (opts.location) head += `<span class="op-field-location">${esc(opts.location)}</span>`;
  head += `<span class="op-field-type">${esc(cycle ? (refName(ref) ?? 'object') : typeLabel(ctx, value))}</span>`;
  if (opts.required) head += '<span class="op-field-required">required</span>';
  if (deprecated) head += '<span class="op-field-deprecated">deprecated</span>';
  if (schema['default'] !== undefined)
    head += `<span class="op-field-default">default: <code>${esc(literal(schema['default']))}</code></span>`;
  let body = typeof description === 'string' && description.trim() ? miniMarkdown(description) : '';
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) {
    body += `<p class="op-field-enum">Available options: ${(schema['enum'] as unknown[]).map((v) => `<code>${esc(literal(v))}</code>`).join(', ')}</p>`;
  }
  for (const c of constraints(schema)) body += `<p class="op-field-constraint">${esc(c)}</p>`;
  if (example !== undefined && typeof example !== 'object')
    body += `<p class="op-field-example">Example: <code>${esc(literal(example))}</code></p>`;
  const base = opts.anchor ? `${opts.anchor.prefix}-${kebabName(name)}` : undefined;
  const id = base !== undefined ? opts.anchor?.unique(base) : undefined;
  const nested = base !== undefined && opts.anchor ? { prefix: base, unique: opts.anchor.unique } : undefined;
  if (inner.depth < MAX_DEPTH && !cycle) {
    body += children(inner, schema, opts.kind ?? 'param', nested, { ref, id: id ?? null });
  }
  return (
    `<div class="op-field" data-op-field="${opts.kind ?? 'param'}"${id ? ` id="${esc(id)}"` : ''}>` +
    `<div class="op-field-head">${head}</div>${body ? `<div class="op-field-body">${body}</div>` : ''}</div>`
  );
}

function children(
  ctx: SchemaContext,
  schema: Json,
  kind: 'param' | 'response',
  anchor: FieldAnchor | undefined,
  row: RowPlace,
): string {
  if (variants(schema).length > 0) return variantTabs(ctx, schema, kind, anchor, row.id);
  const child = childObject(ctx, schema, row.ref);
  if (!child) return '';
  const title = schema['type'] === 'array' ? 'item attributes' : 'child attributes';
  return nestedRows(child.ctx, { ref: child.ref, id: row.id }, title, () =>
    objectFields(child.ctx, child.node, kind, anchor),
  );
}

/**
 * The alternatives of a `oneOf`/`anyOf` schema in a tabbed container, a tab per alternative named by its
 * `title` (else its schema's name), listing its fields, as Mintlify shows them ('' when no alternative has
 * fields). The tabs do not sync with the page's others: picking an alternative picks no language. Without
 * an anchor to make the tabs' ids unique, the alternatives are collapsible rows instead.
 */
export function variantTabs(
  ctx: SchemaContext,
  schema: Json,
  kind: 'param' | 'response',
  anchor: FieldAnchor | undefined,
  rowId: string | null = null,
): string {
  const tabs = variants(schema).map((option, i) => {
    const { node, ctx: inner, ref } = ctx.resolve(option);
    const title =
      (typeof node?.['title'] === 'string' ? node['title'] : undefined) ??
      refName(isObject(option) && typeof option['$ref'] === 'string' ? option['$ref'] : undefined) ??
      `Option ${i + 1}`;
    const rows = node
      ? nestedRows(inner, { ref, id: rowId }, title, () => objectFields(inner, flatten(inner, node), kind, anchor), {
          collapsible: anchor === undefined,
        })
      : '';
    return { label: title, rows, type: typeLabel(ctx, option) };
  });
  if (tabs.every((tab) => tab.rows === '')) return '';
  if (anchor === undefined) return tabs.map((tab) => tab.rows).join('');
  const panels = tabs.map((tab) => ({
    label: tab.label,
    html: tab.rows || `<p class="op-variant-type">${esc(tab.type)}</p>`,
  }));
  return tabStrip(anchor.unique(`${anchor.prefix}-oneof`), panels, 'op-variant-tabs', { sync: false });
}

/**
 * The rows nested under the row `row` as `title`, if the section's listing allows (listing.ts): collapsible
 * (or bare, for a tab of their own), or a link to where the section listed the same schema already, or
 * nothing past the section's last row.
 */
function nestedRows(
  ctx: SchemaContext,
  row: RowPlace,
  title: string,
  rows: () => string,
  { collapsible = true }: { collapsible?: boolean } = {},
): string {
  const nesting = ctx.listing.nest(row.ref);
  if (nesting === null) return '';
  if (!nesting.list) {
    const name = `<code>${esc(refName(row.ref) ?? 'object')}</code>`;
    const where = nesting.listedAt === null ? name : `<a href="#${esc(nesting.listedAt)}">${name}</a>`;
    return `<p class="op-field-listed">Fields of ${where}: listed above.</p>`;
  }
  const body = rows();
  if (!body) return '';
  ctx.listing.listedAt(row.ref, row.id);
  return collapsible ? expandable(title, body) : body;
}

/** The rows of an object schema's properties (required first, as Mintlify lists them), ids under `anchor`. */
export function objectFields(
  ctx: SchemaContext,
  schema: Json,
  kind: 'param' | 'response' = 'param',
  anchor?: FieldAnchor,
): string {
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
  const names = Object.keys(properties).sort((a, b) => Number(required.has(b)) - Number(required.has(a)));
  return names
    .filter((name) => {
      const { node } = ctx.resolve(properties[name]);
      return (
        !(kind === 'param' && node?.['readOnly'] === true) && !(kind === 'response' && node?.['writeOnly'] === true)
      );
    })
    .map((name) =>
      fieldRow(ctx, name, properties[name], { required: required.has(name), kind, ...(anchor ? { anchor } : {}) }),
    )
    .concat(mapRow(ctx, schema, kind, anchor))
    .join('');
}

/** The row of a map's free keys (`{key}`, its value's schema), after the named properties; '' when none. */
function mapRow(ctx: SchemaContext, schema: Json, kind: 'param' | 'response', anchor?: FieldAnchor): string {
  const value = keyRowValue(schema);
  return value === undefined ? '' : fieldRow(ctx, '{key}', value, { kind, ...(anchor ? { anchor } : {}) });
}
