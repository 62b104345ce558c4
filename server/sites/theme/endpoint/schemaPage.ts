/**
 * A data-model page (frontmatter `openapi-schema: "[spec] Name"`, found by project/openapi/schemas.ts):
 * the page's MDX body, then the schema's description and fields, listed as an endpoint page lists a
 * response's (types, required, nested objects expandable).
 */
import type { NamedSchema } from '../../project/openapi/schemas.js';
import type { RenderedPage } from '../../render/types.js';
import { Page } from './endpoint.js';
import { markdownText, miniMarkdown } from './markdown.js';
import { flatten, SchemaContext } from './schema.js';
import { schemaRows } from './topRows.js';

/** The reference of `named` after the page's own MDX body (`content`), shaped like a rendered MDX page. */
export function renderSchemaPage(named: NamedSchema, content: RenderedPage): RenderedPage {
  const ctx = new SchemaContext(named.document);
  const page = new Page(content.headings);
  const resolved = ctx.resolve(named.schema);
  const flat = resolved.node ? flatten(resolved.ctx, resolved.node) : undefined;
  const description = typeof flat?.['description'] === 'string' ? flat['description'] : undefined;
  let html = content.html;
  if (description !== undefined) html += `<div class="op-endpoint-description">${miniMarkdown(description)}</div>`;
  const rows = schemaRows(ctx, named.schema, named.name, 'response', page.anchor('schema'));
  html += page.section(named.name, rows.html);
  page.text.push(named.name, description === undefined ? '' : markdownText(description), ...rows.fields);
  return {
    ...content,
    html: `<div class="op-endpoint op-schema-page" data-op-endpoint="">${html}</div>`,
    headings: [...content.headings, ...page.headings],
    text: [content.text, ...page.text].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim(),
  };
}
