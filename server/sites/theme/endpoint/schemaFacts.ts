/**
 * Facts about one schema node, with no reference followed: whether it is an object, names properties or is
 * a map, and what a field row says of it besides its type (literal values, constraints).
 */

/** A JSON object from the spec. */
export type Json = Readonly<Record<string, unknown>>;

/** A JSON object (not an array). */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `schema` names properties. */
export function hasProperties(schema: Json): boolean {
  return isObject(schema['properties']) && Object.keys(schema['properties']).length > 0;
}

/**
 * The value schema of a map (an object whose keys are free: `additionalProperties` as a schema, or `true`
 * for any value), or undefined for an object of named properties only.
 */
export function mapValue(schema: Json): Json | undefined {
  const extra = schema['additionalProperties'];
  return isObject(extra) ? extra : extra === true ? {} : undefined;
}

/** Keys of a schema its type label (`map<string>`) already says all of. */
const LABELLED = new Set(['type', 'format', 'nullable']);

/**
 * A map's value schema when it says more than the map's type label does (a description, fields, a
 * reference, values), for a `{key}` row; else undefined.
 */
export function keyRowValue(schema: Json): Json | undefined {
  const value = mapValue(schema);
  return value !== undefined && Object.keys(value).some((key) => !LABELLED.has(key)) ? value : undefined;
}

/**
 * A value as a row shows it: a string as it is, anything else as JSON. An empty (or blank) string is
 * quoted, as Mintlify shows it: bare, the row read "default:" and nothing.
 */
export function literal(value: unknown): string {
  if (typeof value === 'string') return value.trim() === '' ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** The schema's range, length and pattern constraints, in words. */
export function constraints(schema: Json): string[] {
  const out: string[] = [];
  const range = (min: unknown, max: unknown, what: string): void => {
    if (typeof min === 'number' && typeof max === 'number') out.push(`Required ${what}: ${min} to ${max}`);
    else if (typeof min === 'number') out.push(`Required ${what}: at least ${min}`);
    else if (typeof max === 'number') out.push(`Required ${what}: at most ${max}`);
  };
  const numbers = numberRange(schema);
  if (numbers !== null) out.push(`Required range: ${numbers}`);
  range(schema['minLength'], schema['maxLength'], 'string length');
  range(schema['minItems'], schema['maxItems'], 'array length');
  if (typeof schema['pattern'] === 'string') out.push(`Pattern: ${schema['pattern']}`);
  return out;
}

/**
 * A number's bounds as Mintlify writes them (`0 <= x <= 1`, `x > 0`), exclusive ones included (OpenAPI 3.0's
 * boolean `exclusiveMinimum` beside `minimum`, 3.1's numeric one); null when it has none.
 */
function numberRange(schema: Json): string | null {
  const bound = (limit: unknown, exclusive: unknown): { value: number; strict: boolean } | null => {
    if (typeof exclusive === 'number') return { value: exclusive, strict: true };
    return typeof limit === 'number' ? { value: limit, strict: exclusive === true } : null;
  };
  const low = bound(schema['minimum'], schema['exclusiveMinimum']);
  const high = bound(schema['maximum'], schema['exclusiveMaximum']);
  const sign = (strict: boolean): string => (strict ? '<' : '<=');
  if (low !== null && high !== null) return `${low.value} ${sign(low.strict)} x ${sign(high.strict)} ${high.value}`;
  if (low !== null) return `x ${low.strict ? '>' : '>='} ${low.value}`;
  if (high !== null) return `x ${sign(high.strict)} ${high.value}`;
  return null;
}
