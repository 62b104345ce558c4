/**
 * Endpoint pages of specs whose schemas nest widely (each model referring to several others) stay bounded:
 * every schema is listed at least once in a section, a repeat past the section's free rows links to where it
 * is listed, and no section or example grows past its bound; ordinary specs are listed in full as before.
 */
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { highlightHere } from '../server/sites/theme/endpoint/code.js';
import { renderEndpointPage } from '../server/sites/theme/endpoint/endpoint.js';
import { FREE_ROWS, MAX_ROWS } from '../server/sites/theme/endpoint/listing.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const MODELS = 12;

/** Model i has twelve fields, three of them references to model i + 1 (the last one back to the first). */
function widelyNestingSchemas(): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < MODELS; i++) {
    const properties: Record<string, unknown> = {};
    for (let f = 0; f < 12; f++) {
      properties[`m${i}f${f}`] =
        f % 4 === 0 ? { $ref: `#/components/schemas/Model${(i + 1) % MODELS}` } : { type: 'string' };
    }
    schemas[`Model${i}`] = { type: 'object', properties };
  }
  return schemas;
}

/** An inline object `levels` deep with `width` properties at each level and no reference at all. */
function inlineTree(levels: number, width: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let f = 0; f < width; f++) {
    properties[`l${levels}f${f}`] = levels > 1 ? inlineTree(levels - 1, width) : { type: 'integer' };
  }
  return { type: 'object', properties };
}

function spec(response: unknown, schemas: Record<string, unknown>): Record<string, unknown> {
  const content = { 'application/json': { schema: response } };
  return {
    openapi: '3.0.3',
    info: { title: 'Nesting', version: '1' },
    servers: [{ url: 'https://api.example.test' }],
    paths: {
      '/things': {
        post: {
          summary: 'Create a thing',
          requestBody: { content },
          responses: { '200': { description: 'OK', content } },
        },
      },
    },
    components: { schemas },
  };
}

/** The rendered endpoint page of POST /things in a project with `document` as its spec. */
async function renderThings(document: Record<string, unknown>): Promise<{ html: string; root: HTMLElement }> {
  const root = writeProject({
    'docs.json': docsJson({ navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } }),
    'openapi.json': document,
  });
  const site = loadSiteProject(root);
  const op = [...site.pages.values()].find((page) => page.operation?.path === '/things')?.operation;
  if (op === undefined) throw new Error('POST /things was not found');
  const { html } = await renderEndpointPage(site, op, highlightHere);
  return { html, root: parseHtml(html, { blockTextElements: { script: true, style: true } }) };
}

function sectionOf(root: HTMLElement, title: string): HTMLElement {
  const found = root
    .querySelectorAll('.op-endpoint-section')
    .find((s) => s.querySelector('h2')?.textContent.startsWith(title));
  if (found === undefined) throw new Error(`no ${title} section`);
  return found;
}

/** Field names (`m3f4`) of every row of `root`, nested ones included. */
function rowNames(root: HTMLElement): string[] {
  return root.querySelectorAll('.op-field-name').map((e) => e.textContent);
}

describe('endpoint pages of widely nesting schemas', () => {
  it('lists each schema once past the free rows, links repeats to it, and stays bounded', async () => {
    const { html, root } = await renderThings(spec({ $ref: '#/components/schemas/Model0' }, widelyNestingSchemas()));
    // Listed in full, the body and the response would each be 3^6 nested copies of twelve rows and more.
    expect(html.length).toBeLessThan(1_000_000);
    for (const title of ['Body', 'Response']) {
      const section = sectionOf(root, title);
      const rows = rowNames(section);
      expect(rows.length).toBeGreaterThan(FREE_ROWS);
      expect(rows.length).toBeLessThan(FREE_ROWS + 100);
      // Models 0..6 are within the depth limit (eight schemas deep): each is listed, every field of it.
      for (let i = 0; i <= 6; i++) {
        for (let f = 0; f < 12; f++) expect(rows, `${title}: Model${i}`).toContain(`m${i}f${f}`);
      }
      const repeats = section.querySelectorAll('.op-field-listed');
      expect(repeats.length).toBeGreaterThan(0);
      for (const repeat of repeats) {
        const target = repeat.querySelector('a')?.getAttribute('href') ?? '';
        // The row listing that schema has the id the link names, and comes before the link.
        const listedAt = section.querySelector(`[id="${target.slice(1)}"]`);
        expect(listedAt?.querySelector('.op-expandable .op-field'), `${title}: ${repeat.textContent}`).not.toBeNull();
        expect(html.indexOf(`id="${target.slice(1)}"`)).toBeLessThan(html.indexOf(repeat.toString()));
        expect(repeat.textContent).toMatch(/^Fields of Model\d+: listed above\.$/);
      }
    }
    // The examples are bounded too: the request sample and the response example.
    for (const pre of root.querySelectorAll('pre')) expect(pre.textContent.split('\n').length).toBeLessThan(2_000);
  });

  it('stops nesting past the last row of a section, even without any reference', async () => {
    const { root } = await renderThings(spec(inlineTree(4, 12), {}));
    const rows = rowNames(sectionOf(root, 'Response'));
    // 12 + 144 + 1,728 + 20,736 rows in full; the rows of the levels open when the bound is reached finish.
    expect(rows.length).toBeGreaterThanOrEqual(MAX_ROWS);
    expect(rows.length).toBeLessThanOrEqual(MAX_ROWS + 4 * 12);
  });

  it('lists a schema used twice in an ordinary section in full both times', async () => {
    const address = { type: 'object', properties: { city: { type: 'string' }, country: { type: 'string' } } };
    const order = {
      type: 'object',
      properties: {
        billing: { $ref: '#/components/schemas/Address' },
        shipping: { $ref: '#/components/schemas/Address' },
      },
    };
    const { root } = await renderThings(spec(order, { Address: address }));
    const response = sectionOf(root, 'Response');
    expect(rowNames(response)).toEqual(['billing', 'city', 'country', 'shipping', 'city', 'country']);
    expect(response.querySelectorAll('.op-field-listed')).toEqual([]);
  });
});
