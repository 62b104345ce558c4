/**
 * The plain-object shape the `mint.json` conversion builds (legacy.ts, legacyNavigation.ts): a JSON
 * object and the helper that drops its undefined keys.
 */

/** A JSON object as the converter builds it, validated afterwards as docs.json. */
export type Json = Record<string, unknown>;

/** Drops keys whose value is undefined, so the result validates under exactOptionalPropertyTypes rules. */
export function compact(obj: Json): Json {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));
}
