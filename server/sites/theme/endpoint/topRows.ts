/**
 * The rows a section lists for a whole schema (a request body, a response, a data model), shared by
 * endpoint and schema pages so that each lists them alike.
 */
import {
  fieldRow,
  flatten,
  isObject,
  objectFields,
  variantTabs,
  type FieldAnchor,
  type SchemaContext,
} from './schema.js';
import { markdownText } from './markdown.js';

/** What a section lists for a whole schema. */
export interface SchemaRows {
  readonly html: string;
  /**
   * The object's property names and their descriptions as text, for the page's search text (a reader
   * searches for what a field does as often as for its name); none for other schemas.
   */
  readonly fields: readonly string[];
}

/**
 * An object's properties, row by row; a choice (`oneOf`/`anyOf`) as a tab per alternative right under the
 * section's heading, as Mintlify shows a body that is one; anything else as one row named `name`.
 */
export function schemaRows(
  ctx: SchemaContext,
  schema: unknown,
  name: string,
  kind: 'param' | 'response',
  anchor: FieldAnchor,
): SchemaRows {
  const section = ctx.section();
  const resolved = section.resolve(schema);
  const flat = resolved.node ? flatten(resolved.ctx, resolved.node) : undefined;
  if (flat && isObject(flat['properties'])) {
    const properties = flat['properties'];
    return { html: objectFields(resolved.ctx, flat, kind, anchor), fields: fieldWords(resolved.ctx, properties) };
  }
  const tabs = flat ? variantTabs(resolved.ctx, flat, kind, anchor) : '';
  return { html: tabs || fieldRow(section, name, schema, { kind, anchor }), fields: [] };
}

/** Each property's name, then its description (its own, else its type's) as plain text. */
function fieldWords(ctx: SchemaContext, properties: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(properties).flatMap(([name, property]) => {
    const description = ctx.resolve(property).node?.['description'];
    return typeof description === 'string' ? [name, markdownText(description)] : [name];
  });
}
