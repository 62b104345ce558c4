/**
 * Maps in endpoint pages (`additionalProperties`: an object whose keys are free): the row's type says what
 * its values are (`map<string>`, `map<object>`, `map<any>`), a value schema with more to say than its type
 * (a referenced model, fields, a description) is listed as a `{key}` row under the map, after any named
 * properties, and examples show one placeholder key with its value's example.
 */
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { highlightHere } from '../server/sites/theme/endpoint/code.js';
import { renderEndpointPage } from '../server/sites/theme/endpoint/endpoint.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const QUOTA = {
  type: 'object',
  required: ['plan'],
  properties: {
    plan: { type: 'string' },
    labels: { type: 'object', description: 'Free-form labels.', additionalProperties: { type: 'string' } },
    limits: { type: 'object', additionalProperties: { $ref: '#/components/schemas/Limit' } },
    extra: { type: 'object', additionalProperties: true },
    usage: {
      type: 'object',
      properties: { total: { type: 'integer' } },
      additionalProperties: { type: 'integer', description: 'Calls made by the key.' },
    },
  },
};

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Quotas', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  paths: {
    '/quota': {
      get: {
        summary: 'Get the quota',
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: QUOTA } } } },
      },
    },
  },
  components: {
    schemas: {
      Limit: {
        type: 'object',
        description: 'One limit.',
        properties: { max: { type: 'integer' }, unit: { type: 'string' } },
      },
    },
  },
};

async function quotaPage(): Promise<HTMLElement> {
  const site = loadSiteProject(
    writeProject({
      'docs.json': docsJson({ navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } }),
      'openapi.json': SPEC,
    }),
  );
  const op = [...site.pages.values()].find((page) => page.operation?.path === '/quota')?.operation;
  if (op === undefined) throw new Error('GET /quota was not found');
  const { html } = await renderEndpointPage(site, op, highlightHere);
  return parseHtml(html, { blockTextElements: { script: true, style: true } });
}

/** The top-level row named `name` of the response section. */
function row(root: HTMLElement, name: string): HTMLElement {
  const found = root
    .querySelectorAll('.op-endpoint-section .op-field')
    .find((field) => field.querySelector(':scope > .op-field-head > .op-field-name')?.textContent === name);
  if (found === undefined) throw new Error(`no row ${name}`);
  return found;
}

const typeOf = (field: HTMLElement): string | undefined =>
  field.querySelector(':scope > .op-field-head > .op-field-type')?.textContent;

/** Names and types of the rows nested right under `field`. */
function nested(field: HTMLElement): string[][] {
  return field
    .querySelectorAll('.op-expandable-body > .op-field')
    .filter((child) => child.parentNode?.parentNode?.parentNode === field.querySelector(':scope > .op-field-body'))
    .map((child) => [
      child.querySelector(':scope > .op-field-head > .op-field-name')?.textContent ?? '',
      typeOf(child) ?? '',
    ]);
}

describe('maps in endpoint pages', () => {
  it("name their values' type, and list a value schema with more to say as a {key} row", async () => {
    const root = await quotaPage();
    expect(typeOf(row(root, 'labels'))).toBe('map<string>');
    expect(row(root, 'labels').querySelector('.op-expandable')).toBeNull();
    expect(typeOf(row(root, 'extra'))).toBe('map<any>');
    expect(row(root, 'extra').querySelector('.op-expandable')).toBeNull();

    const limits = row(root, 'limits');
    expect(typeOf(limits)).toBe('map<object>');
    expect(nested(limits)).toEqual([['{key}', 'object']]);
    const key = limits.querySelector('.op-expandable-body > .op-field');
    expect(key?.querySelector('.op-field-body p')?.textContent).toBe('One limit.');
    expect(key?.querySelectorAll('.op-field-name').map((n) => n.textContent)).toEqual(['{key}', 'max', 'unit']);

    // Named properties and free keys: an object, its properties first.
    const usage = row(root, 'usage');
    expect(typeOf(usage)).toBe('object');
    expect(nested(usage)).toEqual([
      ['total', 'integer'],
      ['{key}', 'integer'],
    ]);
  });

  it('show one placeholder key in the response example', async () => {
    const root = await quotaPage();
    const example = JSON.parse(root.querySelector('.op-response-example pre')?.textContent ?? 'null') as unknown;
    expect(example).toEqual({
      plan: '<string>',
      labels: { '<key>': '<string>' },
      limits: { '<key>': { max: 123, unit: '<string>' } },
      extra: {},
      usage: { total: 123 },
    });
  });
});
