/**
 * A `<ParamField>` of an MDX endpoint page read as the OpenAPI schema it describes (`type="integer"`,
 * `"string[]"`, `"object"` with nested fields...), so the example generator of OpenAPI pages (example.ts)
 * gives it the same placeholder it would give the schema (`<string>`, `123`, `true`).
 */
import type { EndpointField } from '../../render/types.js';
import type { Json } from './schema.js';

const NUMBERS: Readonly<Record<string, 'integer' | 'number'>> = {
  integer: 'integer',
  int: 'integer',
  long: 'integer',
  number: 'number',
  float: 'number',
  double: 'number',
  decimal: 'number',
};

/** The schema a ParamField `type` names; `properties` are its nested fields, for an object. */
function typeSchema(type: string, properties: Json | undefined): Json {
  const t = type.trim();
  const list = /^(.+)\[\]$/.exec(t) ?? /^(?:array|list)\s*(?:<(.+)>|\[(.+)\]|of\s+(.+))?$/i.exec(t);
  if (list) return { type: 'array', items: typeSchema(list[1] ?? list[2] ?? list[3] ?? '', properties) };
  // `"off" | "on"`: a choice of literals, the first one shown.
  const literal = /^\s*["'`]([^"'`]*)["'`]/.exec(t);
  if (literal && t.includes('|')) return { type: 'string', enum: [literal[1] ?? ''] };
  const lower = t.toLowerCase().replace(/^enum<(.+)>$/, '$1');
  const number = NUMBERS[lower];
  if (number) return { type: number };
  if (lower === 'boolean' || lower === 'bool') return { type: 'boolean' };
  if (lower === 'file') return { type: 'string', format: 'binary' };
  if (properties !== undefined || lower === 'object' || lower === 'json')
    return { type: 'object', properties: properties ?? {} };
  return { type: 'string' };
}

/** A written value (`default="10"`) as the type wants it: `10` for a number, `true` for a boolean. */
function typed(value: unknown, schema: Json): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if ((schema['type'] === 'integer' || schema['type'] === 'number') && text !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (schema['type'] === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if (schema['type'] === 'array' || schema['type'] === 'object') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/** The value the page gives a field: its `default`, else its `placeholder`; undefined for neither. */
function givenValue(field: EndpointField): unknown {
  return field.default ?? field.placeholder;
}

/** A field's value as sent in a URL or header: what the page gives it as text; undefined for none. */
export function valueText(field: EndpointField): string | undefined {
  const value = givenValue(field);
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The schema of `field`, its properties the fields written inside it (`<Expandable>` children of an
 * object), its value the one the page gives as `default`.
 */
export function fieldSchema(field: EndpointField, all: readonly EndpointField[], depth = 0): Json {
  const path = [...field.parents, field.name];
  const children =
    depth > 8
      ? []
      : all.filter((f) => f.parents.length === path.length && f.parents.every((name, i) => name === path[i]));
  const properties =
    children.length === 0
      ? undefined
      : Object.fromEntries(children.map((child) => [child.name, fieldSchema(child, all, depth + 1)]));
  const schema = typeSchema(field.type ?? '', properties);
  const given = givenValue(field);
  return given === undefined ? schema : { ...schema, default: typed(given, schema) };
}
