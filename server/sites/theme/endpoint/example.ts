/**
 * Example values built from OpenAPI schemas (request samples, response examples), bounded like the field
 * rows (listing.ts): past its free values, an example shows a named schema it shows already as `{}`, and
 * past its last value it nests nothing more.
 */
import { withExampleRefs } from './exampleRefs.js';
import { Listing } from './listing.js';
import { flatten, isObject, variants, type Json, type SchemaContext } from './schema.js';
import { hasProperties, mapValue } from './schemaFacts.js';

/**
 * Objects an example nests at most (lists and choices add no level: an OpenTelemetry body is six objects
 * deep through five lists); a value deeper down is `{}` or `[]`, a scalar still its placeholder.
 */
const MAX_EXAMPLE_DEPTH = 8;

/**
 * What an example is for: a request (no read-only property), a request of its required properties only
 * (docs.json `api.examples.defaults: required`), or a response (no write-only property).
 */
export type ExampleMode = 'request' | 'required' | 'response';

/** An example value for a schema: `example`, `default`, first enum value, else a typed placeholder. */
export function exampleOf(ctx: SchemaContext, value: unknown, mode: ExampleMode = 'request'): unknown {
  return exampleValue(ctx.section(Listing.ofValues()), value, mode, 0);
}

function exampleValue(ctx: SchemaContext, value: unknown, mode: ExampleMode, depth: number): unknown {
  const { node, ctx: inner, cycle, ref } = ctx.resolve(value);
  if (!node || cycle) return {};
  ctx.listing.add();
  let schema = flatten(inner, node);
  const listed = Array.isArray(schema['examples']) ? (schema['examples'] as unknown[]) : [];
  const given = [schema['example'], listed.length > 0 ? listed[0] : undefined, schema['default']].find(
    (candidate) => candidate !== undefined,
  );
  if (given !== undefined) return withExampleRefs(ctx.document, given);
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return (schema['enum'] as unknown[])[0];
  const options = variants(schema);
  if (options.length > 0) {
    if (!hasProperties(schema)) return exampleValue(inner, options[0], mode, depth);
    schema = withFirstVariant(inner, schema, options[0]);
  }
  let type = schema['type'];
  if (Array.isArray(type)) type = type.find((t) => t !== 'null');
  if (type === 'array' || schema['items'] !== undefined)
    return depth > MAX_EXAMPLE_DEPTH ? [] : [exampleValue(inner, schema['items'], mode, depth)];
  if (type === 'object' || isObject(schema['properties']) || mapValue(schema) !== undefined)
    return depth > MAX_EXAMPLE_DEPTH ? {} : objectExample(inner, schema, ref, mode, depth);
  if (type === 'integer' || type === 'number') return 123;
  if (type === 'boolean') return true;
  if (schema['format'] === 'date-time') return '2024-01-01T00:00:00Z';
  if (schema['format'] === 'uuid') return '3c90c3cc-0d44-4b50-8888-8dd25736052a';
  if (schema['format'] === 'email') return 'jsmith@example.com';
  return type === 'string' ? '<string>' : {};
}

/**
 * An object with properties beside a choice: the properties are its own, the choice's first branch adds
 * to them (Bytez's image inputs, `url` and `base64` beside `oneOf: [{required: [url]}, {required: [base64]}]`,
 * gave `{}`: the branch, a list of required names, has no properties of its own).
 */
function withFirstVariant(ctx: SchemaContext, schema: Json, option: unknown): Json {
  const own: Record<string, unknown> = { ...schema };
  delete own['oneOf'];
  delete own['anyOf'];
  return flatten(ctx, { ...own, allOf: [option] });
}

/** An object's example: each property the mode shows, unless the example's listing says `{}`. */
function objectExample(
  ctx: SchemaContext,
  schema: Json,
  ref: string | undefined,
  mode: ExampleMode,
  depth: number,
): Record<string, unknown> {
  if (ctx.listing.nest(ref)?.list !== true) return {};
  const value = mapValue(schema);
  // A map of free keys: one placeholder key with its value's example (none when any value goes).
  if (value !== undefined && !hasProperties(schema)) {
    return Object.keys(value).length === 0 ? {} : { '<key>': exampleValue(ctx, value, mode, depth + 1) };
  }
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const hidden = mode === 'response' ? 'writeOnly' : 'readOnly';
  const required = Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : [];
  const example = Object.fromEntries(
    Object.entries(properties)
      .filter(([k, v]) => ctx.resolve(v).node?.[hidden] !== true && (mode !== 'required' || required.includes(k)))
      .map(([k, v]) => [k, exampleValue(ctx, v, mode, depth + 1)]),
  );
  if (Object.keys(example).length > 0) ctx.listing.listedAt(ref, null);
  return example;
}
