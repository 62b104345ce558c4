/**
 * An operation's responses: the examples of each status in the right column and the schemas of each in the
 * Response section, for every media type a response offers. A streaming endpoint (common in AI APIs)
 * answers `application/json` or `text/event-stream`; Mintlify lets the reader pick either, so showing
 * only the JSON one hid how the stream reads.
 */
import { esc } from '../html.js';
import { miniMarkdown } from './markdown.js';
import { exampleText, mediaExamples, type Sample } from './samples.js';
import { isObject, type FieldAnchor, type Json, type SchemaContext } from './schema.js';
import { schemaRows } from './topRows.js';

/**
 * The media types of a response (JSON ones first, then the rest as declared), or Swagger 2's `schema`
 * as JSON.
 */
export function responseContents(response: Json | undefined): [string, Json][] {
  const content = response?.['content'];
  if (isObject(content)) {
    const entries = Object.entries(content).filter((e): e is [string, Json] => isObject(e[1]));
    const json = entries.filter(([type]) => /json/i.test(type));
    return [...json, ...entries.filter((entry) => !json.includes(entry))];
  }
  return response?.['schema'] ? [['application/json', { schema: response['schema'] }]] : [];
}

/**
 * The response examples of an operation, a tab per status, per media type when a response has several
 * (`200 · text/event-stream`), and per named example (`200 · us`), for highlighting.
 */
export function responseExamplesOf(
  ctx: SchemaContext,
  responses: ReadonlyArray<[string, unknown]>,
): (Sample & { readonly status: string })[] {
  return responses.flatMap(([status, raw]) => {
    const contents = responseContents(ctx.resolve(raw).node);
    return contents.flatMap(([type, media]) => {
      const label = contents.length > 1 ? `${status} · ${type}` : status;
      return mediaExamples(ctx, media, 'response').map((example) => ({
        label: example.name === undefined ? label : `${label} · ${example.name}`,
        status,
        ...exampleText(example.value, type),
      }));
    });
  });
}

/**
 * A status's panel in the Response section: its description, then the schema of each media type under
 * its name; media types sharing one schema (JSON and XML of one `$ref`) show it once, named together.
 * `fields` are the schemas' property names, for the page's search text, as the request body's are: a
 * reader searching for a field finds the endpoint that returns it.
 */
export function responsePanel(
  ctx: SchemaContext,
  response: Json,
  anchor: FieldAnchor,
): { readonly html: string; readonly fields: readonly string[] } {
  let html =
    typeof response['description'] === 'string'
      ? `<div class="op-response-description">${miniMarkdown(response['description'])}</div>`
      : '';
  const bySchema = new Map<string, { types: string[]; schema: unknown }>();
  for (const [type, media] of responseContents(response)) {
    if (media['schema'] === undefined) continue;
    const key = JSON.stringify(media['schema']);
    const group = bySchema.get(key);
    if (group) group.types.push(type);
    else bySchema.set(key, { types: [type], schema: media['schema'] });
  }
  const fields: string[] = [];
  for (const { types, schema } of bySchema.values()) {
    const rows = schemaRows(ctx, schema, 'response', 'response', anchor);
    html += `<p class="op-endpoint-media">${esc(types.join(', '))}</p>${rows.html}`;
    fields.push(...rows.fields);
  }
  return { html: `<div class="op-response">${html}</div>`, fields: [...new Set(fields)] };
}
