/**
 * Keys of a config that its schema does not name. The schemas are loose (Mintlify adds keys faster than
 * any copy of its schema), so such a key is kept and never an error; but a key nothing reads is also a
 * silent loss: a typo (`banner.dismissable`) or a shape Offprint does not know (`navigation.productGroups`,
 * a whole product's pages). The import reports each as a notice. The schema is the list of known keys:
 * keys Mintlify documents and Offprint leaves alone are in it too (typed `unknown`), so they are not
 * reported; an object schema without keys (`fonts`, an `integrations` provider) is taken as it comes.
 */
import { z } from 'zod';
import { closest } from '../spelling.js';

/** At most this many unknown keys are named; a config with hundreds gets one more line with the count. */
export const MAX_UNKNOWN_KEYS = 20;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Names other tools give a setting whose Mintlify name is too far off for spelling to find: Browser Use's
 * docs.json opens a group with `isDefaultOpen` (a prop of Mintlify's Accordion), where a group takes
 * `expanded`. Suggested only where the object's schema knows the target.
 */
const SYNONYMS: ReadonlyMap<string, string> = new Map([
  ['isDefaultOpen', 'expanded'],
  ['defaultOpen', 'expanded'],
]);

function suggest(key: string, known: readonly string[]): string | undefined {
  const synonym = SYNONYMS.get(key);
  return synonym !== undefined && known.includes(synonym) ? synonym : closest(key, known);
}

/** One key the schema does not name, with the known key it most resembles. */
export interface UnknownKey {
  readonly path: readonly PropertyKey[];
  readonly suggestion?: string;
}

function walk(schema: z.core.$ZodType, value: unknown, path: readonly PropertyKey[], out: UnknownKey[]): void {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    walk(schema.unwrap(), value, path, out);
  } else if (schema instanceof z.ZodLazy) {
    walk(schema.unwrap(), value, path, out);
  } else if (schema instanceof z.ZodUnion) {
    // The option the value matches (a string icon or an {name} one, ...): its keys are the known ones.
    const option = schema.options.find((o) => z.safeParse(o, value).success);
    if (option !== undefined) walk(option, value, path, out);
  } else if (schema instanceof z.ZodArray) {
    if (Array.isArray(value)) value.forEach((item, i) => walk(schema.element, item, [...path, i], out));
  } else if (schema instanceof z.ZodRecord) {
    if (isRecord(value))
      for (const [key, item] of Object.entries(value)) walk(schema.valueType, item, [...path, key], out);
  } else if (schema instanceof z.ZodObject && isRecord(value)) {
    const shape: Record<string, z.core.$ZodType> = schema.shape;
    const known = Object.keys(shape);
    if (known.length === 0) return;
    for (const [key, item] of Object.entries(value)) {
      const sub = shape[key];
      if (sub !== undefined) walk(sub, item, [...path, key], out);
      else {
        const suggestion = suggest(key, known);
        out.push(suggestion === undefined ? { path: [...path, key] } : { path: [...path, key], suggestion });
      }
    }
  }
}

/**
 * The keys of `value` (a config that `schema` accepted) that `schema` does not name, in document order.
 * Values of keys typed `unknown` and key-less object schemas are not looked into.
 */
export function unknownKeys(schema: z.core.$ZodType, value: unknown): UnknownKey[] {
  const out: UnknownKey[] = [];
  walk(schema, value, [], out);
  return out;
}
