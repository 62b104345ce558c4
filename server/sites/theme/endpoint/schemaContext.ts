/**
 * How endpoint pages read an OpenAPI schema: `$ref`s resolved against the spec document (cycles stop at the
 * repeat), `allOf` merged, `oneOf`/`anyOf` alternatives and short type labels. schema.ts turns them into rows.
 */
import { followRef, MAX_REF_HOPS } from '../../project/openapi/pointer.js';
import { Listing } from './listing.js';
import { hasProperties, isObject, mapValue, type Json } from './schemaFacts.js';

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

  /**
   * Follows `$ref`s; `cycle` is set when the ref is already being expanded. What is written beside a `$ref`
   * ({@link BESIDE_REF}) describes this use of the target and is kept over the target's own, the nearest
   * first (`{$ref: Status, description: "Status of the new audit", nullable: true}`).
   */
  resolve(value: unknown): { node: Json | undefined; ref?: string; cycle: boolean; ctx: SchemaContext } {
    let node = value;
    let ref: string | undefined;
    let beside: Json = {};
    for (let hops = 0; hops < MAX_REF_HOPS && isObject(node) && typeof node['$ref'] === 'string'; hops++) {
      ref = node['$ref'];
      if (this.stack.includes(ref)) return { node: undefined, ref, cycle: true, ctx: this };
      beside = { ...besideRef(node), ...beside };
      node = this.pointer(ref);
    }
    const ctx = ref === undefined ? this : new SchemaContext(this.document, [...this.stack, ref], this.listing);
    const resolved = isObject(node) ? (Object.keys(beside).length === 0 ? node : { ...node, ...beside }) : undefined;
    return { node: resolved, ...(ref === undefined ? {} : { ref }), cycle: false, ctx };
  }

  private pointer(ref: string): unknown {
    const target = followRef(this.document, ref);
    return target.found ? target.value : undefined;
  }

  get depth(): number {
    return this.stack.length;
  }
}

/**
 * Keys written beside a `$ref` that describe the use rather than the shape: OpenAPI 3.1 applies them
 * (a Reference Object's `summary` and `description`, a schema's every keyword), and authors of 3.0 specs
 * write them meaning the same, so a field's own description is not replaced by its type's.
 */
const BESIDE_REF = [
  'description',
  'summary',
  'deprecated',
  'nullable',
  'readOnly',
  'writeOnly',
  'example',
  'examples',
  'default',
] as const;

function besideRef(node: Json): Json {
  return Object.fromEntries(BESIDE_REF.filter((key) => node[key] !== undefined).map((key) => [key, node[key]]));
}

/** The last segment of a `$ref` (`#/components/schemas/User` -> `User`). */
export function refName(ref: string | undefined): string | undefined {
  return ref?.split('/').pop();
}

/** `allOf` merged into one schema (properties and required lists combined). */
export function flatten(ctx: SchemaContext, schema: Json): Json {
  const parts = Array.isArray(schema['allOf']) ? (schema['allOf'] as unknown[]) : [];
  if (parts.length === 0) return schema;
  const own = isObject(schema['properties']) ? schema['properties'] : {};
  const fromParts: Record<string, unknown> = {};
  const required = new Set<string>(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
  let merged: Record<string, unknown> = { ...schema };
  delete merged['allOf'];
  for (const part of parts) {
    const { node } = ctx.resolve(part);
    if (!node) continue;
    const flat = flatten(ctx, node);
    merged = { ...flat, ...merged };
    if (isObject(flat['properties'])) {
      for (const [name, value] of Object.entries(flat['properties'])) fromParts[name] = refined(fromParts[name], value);
    }
    if (Array.isArray(flat['required'])) (flat['required'] as string[]).forEach((r) => required.add(r));
  }
  const properties: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(own)) properties[name] = refined(fromParts[name], value);
  for (const [name, value] of Object.entries(fromParts)) properties[name] ??= value;
  return { ...merged, properties, required: [...required] };
}

/**
 * A property named again by a later branch (or the schema's own list): the later one refines the earlier
 * (a narrower type, another `$ref`), and what it leaves unsaid the earlier still says. Delora's
 * `allOf: [Step, {properties: {transactionRequest: {$ref: Request}}}]` dropped Step's description of it.
 */
function refined(earlier: unknown, later: unknown): unknown {
  return earlier === undefined || earlier === later ? later : { allOf: [later, earlier] };
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
    label = unionLabel(variants(schema).map((v) => typeLabel(ctx, v, depth + 1)));
  } else if (mapValue(schema) !== undefined && !hasProperties(schema)) {
    label = depth > 3 ? 'map' : `map<${typeLabel(ctx, mapValue(schema), depth + 1)}>`;
  } else if (Array.isArray(schema['enum']) && schema['enum'].every((v) => v === null)) {
    label = 'null';
  } else if (typeof type === 'string') {
    label = typeof schema['format'] === 'string' ? `${type}<${schema['format']}>` : type;
    // A field of listed values reads `enum<string>`, as Mintlify labels it, its values under the row.
    if (Array.isArray(schema['enum'])) label = `enum<${label}>`;
  } else {
    label = schema['properties'] !== undefined ? 'object' : (refName(ref) ?? 'any');
  }
  return nullable ? `${label} | null` : label;
}

/**
 * The label of a union from its alternatives' labels: each type once (`string | string | null`, an enum and a
 * nullable string, reads `string | null`), `null` last.
 */
function unionLabel(labels: readonly string[]): string {
  const parts = [...new Set(labels.flatMap((label) => label.split(' | ')))];
  const nullable = parts.includes('null');
  return [...parts.filter((part) => part !== 'null'), ...(nullable ? ['null'] : [])].join(' | ');
}

/**
 * A row's schema with what its scalar alternatives allow: a nullable value written `anyOf: [X, {type:
 * 'null'}]` (Pydantic writes every Optional so, Phonic's `phone_number`) keeps X's enum, limits, format and
 * example, and alternatives that are all enums list their values together. Such alternatives have no fields,
 * so their tabs show nothing and the allowed values were nowhere on the page. Object or array alternatives
 * are left to the variant tabs; the row's own keys win.
 */
export function withScalarVariants(ctx: SchemaContext, schema: Json): Json {
  const options = variants(schema);
  if (options.length === 0) return schema;
  const resolved: Json[] = [];
  for (const option of options) {
    const { node, ctx: inner } = ctx.resolve(option);
    if (!node || variants(node).length > 0) return schema;
    const flat = flatten(inner, node);
    if (flat['type'] === 'object' || flat['type'] === 'array' || flat['properties'] || flat['items']) return schema;
    if (flat['type'] !== 'null') resolved.push(flat);
  }
  const [only] = resolved;
  if (resolved.length === 1 && only) return { ...only, ...schema };
  const enums = resolved.map((option) => option['enum']);
  if (resolved.length === 0 || schema['enum'] !== undefined || !enums.every(Array.isArray)) return schema;
  return { ...schema, enum: [...new Set((enums as unknown[][]).flat())] };
}

/**
 * The values a field may take, shown as its options: its enum, else its items' when it is a list of enum
 * values (an `include` or `expand` parameter, Pydantic's `list[Enum]`, nullable or not), which the row
 * otherwise showed only as `string[]` with the values nowhere on the page.
 */
export function fieldOptions(ctx: SchemaContext, schema: Json): unknown[] {
  if (Array.isArray(schema['enum'])) return schema['enum'] as unknown[];
  const lists = [schema, ...variants(schema)].flatMap((option) => {
    const { node, ctx: inner } = ctx.resolve(option);
    return node && node['items'] !== undefined ? [{ items: node['items'], ctx: inner }] : [];
  });
  const [list] = lists;
  if (lists.length !== 1 || !list) return [];
  const { node, ctx: inner } = list.ctx.resolve(list.items);
  const item = node ? withScalarVariants(inner, flatten(inner, node)) : {};
  return Array.isArray(item['enum']) ? (item['enum'] as unknown[]) : [];
}
