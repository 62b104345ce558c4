/**
 * OpenAPI schemas -> field rows (the `op-field` markup of ParamField/ResponseField, DOM.md). Internal
 * `$ref`s (`#/...`) are resolved against the spec document (schemaContext.ts); cycles stop at the repeat, and
 * what a section lists is bounded (listing.ts).
 */
import { kebabName } from '../../render/runtime/slugs.js';
import { esc } from '../html.js';
import { tabStrip } from './code.js';
import { miniMarkdown } from './markdown.js';
import {
  fieldOptions,
  flatten,
  refName,
  type SchemaContext,
  typeLabel,
  variants,
  withScalarVariants,
} from './schemaContext.js';
import { constraints, hasProperties, isObject, keyRowValue, literal, type Json } from './schemaFacts.js';

export { isObject, type Json } from './schemaFacts.js';
export { flatten, refName, SchemaContext, typeLabel, variants } from './schemaContext.js';

const MAX_DEPTH = 8;

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

/**
 * The items of an array whose items are a choice (`items: {anyOf: [...]}`: a list of messages of several
 * kinds), whose alternatives the row shows as tabs, as it does a field that is a choice; else undefined.
 */
function listOfVariants(ctx: SchemaContext, schema: Json): { node: Json; ctx: SchemaContext } | undefined {
  if (schema['type'] !== 'array' && schema['items'] === undefined) return undefined;
  const items = ctx.resolve(schema['items']);
  if (!items.node || items.cycle) return undefined;
  const flat = flatten(items.ctx, items.node);
  return variants(flat).length > 0 ? { node: flat, ctx: items.ctx } : undefined;
}

function expandable(title: string, body: string): string {
  return (
    `<details class="op-expandable"><summary class="op-expandable-summary" data-title="${esc(title)}">` +
    `<span class="op-expandable-show">Show ${esc(title)}</span><span class="op-expandable-hide" data-op-unindexed="">Hide ${esc(title)}</span>` +
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
  const own = node ? flatten(inner, node) : {};
  const schema = withScalarVariants(inner, own);
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
  body += optionsLine(fieldOptions(inner, schema));
  body += constraintLines(schema);
  if (example !== undefined && typeof example !== 'object')
    body += `<p class="op-field-example">Example: <code>${esc(literal(example))}</code></p>`;
  const base = opts.anchor ? `${opts.anchor.prefix}-${kebabName(name)}` : undefined;
  const id = base !== undefined ? opts.anchor?.unique(base) : undefined;
  const nested = base !== undefined && opts.anchor ? { prefix: base, unique: opts.anchor.unique } : undefined;
  if (inner.depth < MAX_DEPTH && !cycle) {
    // Scalar alternatives the row took in (a nullable enum) are said by the row: no tabs repeat them.
    const shown = schema === own ? schema : { ...schema, oneOf: undefined, anyOf: undefined };
    body += children(inner, shown, opts.kind ?? 'param', nested, { ref, id: id ?? null });
  }
  return (
    `<div class="op-field" data-op-field="${opts.kind ?? 'param'}"${id ? ` id="${esc(id)}"` : ''}>` +
    `<div class="op-field-head">${head}</div>${body ? `<div class="op-field-body">${body}</div>` : ''}</div>`
  );
}

/** "Available options: a, b" for the values a field may take ('' for none). */
function optionsLine(options: readonly unknown[]): string {
  if (options.length === 0) return '';
  return `<p class="op-field-enum">Available options: ${options.map((v) => `<code>${esc(literal(v))}</code>`).join(', ')}</p>`;
}

function constraintLines(schema: Json): string {
  return constraints(schema)
    .map((c) => `<p class="op-field-constraint">${esc(c)}</p>`)
    .join('');
}

/**
 * What a scalar alternative's tab says under its type: its description, values and limits (a `tool_choice`
 * of `none | auto | required` or an object; a `keep` of an integer from 1 or `"all"`), which its type
 * alone left out.
 */
function scalarFacts(ctx: SchemaContext, node: Json): string {
  const schema = withScalarVariants(ctx, flatten(ctx, node));
  if (hasProperties(schema) || variants(schema).length > 0) return '';
  const description = typeof schema['description'] === 'string' ? schema['description'].trim() : '';
  const options = fieldOptions(ctx, schema).filter((value) => value !== null);
  return (description ? miniMarkdown(description) : '') + optionsLine(options) + constraintLines(schema);
}

function children(
  ctx: SchemaContext,
  schema: Json,
  kind: 'param' | 'response',
  anchor: FieldAnchor | undefined,
  row: RowPlace,
): string {
  if (variants(schema).length > 0) return variantTabs(ctx, schema, kind, anchor, row.id);
  const items = listOfVariants(ctx, schema);
  if (items !== undefined) return variantTabs(items.ctx, items.node, kind, anchor, row.id);
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
    const rows = node ? alternativeRows(inner, { node, ref, id: rowId }, title, kind, anchor) : '';
    return { label: title, rows, type: typeLabel(ctx, option), facts: node ? scalarFacts(inner, node) : '' };
  });
  if (tabs.every((tab) => tab.rows === '' && tab.facts === '')) return '';
  if (anchor === undefined) return tabs.map((tab) => tab.rows).join('');
  const panels = tabs.map((tab) => ({
    label: tab.label,
    html: tab.rows || `<p class="op-variant-type">${esc(tab.type)}</p>${tab.facts}`,
  }));
  return tabStrip(anchor.unique(`${anchor.prefix}-oneof`), panels, 'op-variant-tabs', { sync: false });
}

/**
 * The rows of one alternative of a choice: an object's fields, or a list's items' (their kinds as tabs
 * again when the items are a choice: a message's `content` that is text or a list of parts of several kinds).
 */
function alternativeRows(
  ctx: SchemaContext,
  row: RowPlace & { readonly node: Json },
  title: string,
  kind: 'param' | 'response',
  anchor: FieldAnchor | undefined,
): string {
  const flat = flatten(ctx, row.node);
  const items = listOfVariants(ctx, flat);
  if (items !== undefined) return variantTabs(items.ctx, items.node, kind, anchor, row.id);
  const child = childObject(ctx, flat, row.ref) ?? { node: flat, ctx, ref: row.ref };
  return nestedRows(
    child.ctx,
    { ref: child.ref, id: row.id },
    title,
    () => objectFields(child.ctx, child.node, kind, anchor),
    { collapsible: anchor === undefined },
  );
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
