/** OpenAPI endpoint pages: method and URL, parameters by location, body and response schemas, samples. */
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import type { RenderedPage } from '../server/sites/render/types.js';
import { highlightHere } from '../server/sites/theme/endpoint/code.js';
import { renderEndpointPage } from '../server/sites/theme/endpoint/endpoint.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { renderSite, THEME_MINI, type RenderedSite } from './helpers/themeSite.js';

// <pre> is parsed as markup (node-html-parser keeps it as raw text by default).
const parse = (html: string): HTMLElement => parseHtml(html, { blockTextElements: { script: true, style: true } });

let mini: RenderedSite;
let create: RenderedPage;
let body: HTMLElement;

beforeAll(async () => {
  mini = await renderSite(THEME_MINI);
  const op = mini.site.pages.get('api-reference/users/create-a-user')?.operation;
  if (!op) throw new Error('fixture: POST /users not found');
  create = await renderEndpointPage(mini.site, op, highlightHere);
  body = parse(create.html);
});

function fieldNames(root: HTMLElement | null | undefined): string[] {
  return (root?.querySelectorAll(':scope > .op-field > .op-field-head > .op-field-name') ?? []).map(
    (e) => e.textContent,
  );
}

function section(root: HTMLElement, title: string): HTMLElement | undefined {
  return root
    .querySelectorAll('.op-endpoint-section')
    .find((s) => s.querySelector('h2')?.textContent.startsWith(title));
}

describe('renderEndpointPage', () => {
  it('shows the method and the full URL', () => {
    expect(body.querySelector('.op-endpoint-bar .op-method')?.textContent).toBe('POST');
    expect(body.querySelector('.op-endpoint-server')?.textContent).toBe('https://api.acme.example/v1');
    expect(body.querySelector('.op-endpoint-path')?.textContent).toBe('/users');
    expect(body.querySelector('.op-endpoint-description code')?.textContent).toBe('email');
  });

  it('lists the request body with required fields first and nested objects collapsible', () => {
    const bodySection = section(body, 'Body');
    expect(bodySection?.querySelector('h2 .op-endpoint-media')?.textContent).toBe('application/json');
    expect(fieldNames(bodySection)).toEqual(['email', 'name', 'role', 'address']);
    const email = bodySection?.querySelector('.op-field');
    expect(email?.querySelector('.op-field-type')?.textContent).toBe('string<email>');
    expect(email?.querySelector('.op-field-required')).not.toBeNull();
    const role = bodySection
      ?.querySelectorAll('.op-field')
      .find((f) => f.querySelector('.op-field-name')?.textContent === 'role');
    expect(role?.querySelector('.op-field-default code')?.textContent).toBe('member');
    expect(role?.querySelectorAll('.op-field-enum code').map((c) => c.textContent)).toEqual(['admin', 'member']);
    const address = bodySection
      ?.querySelectorAll('.op-field')
      .find((f) => f.querySelector('.op-field-name')?.textContent === 'address');
    expect(fieldNames(address?.querySelector('details.op-expandable .op-expandable-body'))).toEqual([
      'city',
      'country',
    ]);
  });

  it('resolves allOf and $ref in responses, lists each status, and stops at cycles', () => {
    const response = section(body, 'Response');
    const tabs = response?.querySelectorAll('[data-op-tab]').map((t) => t.textContent);
    expect(tabs).toEqual(['201', '409']);
    const created = response?.querySelector('[data-op-tab-panel="201"] .op-response');
    expect(fieldNames(created)).toEqual(['email', 'id', 'name', 'role', 'address', 'manager']);
    const manager = created
      ?.querySelectorAll('.op-field')
      .find((f) => f.querySelector('.op-field-name')?.textContent === 'manager');
    expect(manager?.querySelector('.op-field-type')?.textContent).toBe('User');
    expect(response?.querySelector('[data-op-tab-panel="409"]')?.textContent).toContain('The email is taken.');
  });

  it('gives cURL and x-codeSamples requests and example responses as copyable code blocks', () => {
    const request = body.querySelector('[data-op-example="request"]');
    expect(request?.querySelectorAll('[data-op-tab]').map((t) => t.textContent)).toEqual(['cURL', 'Node.js']);
    const curl = request?.querySelector('[data-op-tab-panel="cURL"] [data-op-code]');
    expect(curl?.querySelector('[data-op-copy]')).not.toBeNull();
    expect(curl?.querySelector('[data-op-code-feedback]')).not.toBeNull();
    const code = curl?.querySelector('pre')?.textContent ?? '';
    expect(code).toContain("--url 'https://api.acme.example/v1/users'");
    expect(code).toContain("--header 'Authorization: Bearer <token>'");
    expect(code).toContain('"email": "jsmith@example.com"');
    // readOnly properties are not part of a request.
    expect(code).not.toContain('"id"');
    const response = body.querySelector('[data-op-example="response"]');
    expect(response?.querySelectorAll('[data-op-tab]').map((t) => t.textContent)).toEqual(['201']);
    expect(response?.querySelector('pre')?.textContent).toContain('"id": "3c90c3cc');
  });

  it('lists parameters by location with their schema details', async () => {
    const op = mini.site.pages.get('api/users')?.operation;
    if (!op) throw new Error('fixture: GET /users not found');
    const list = parse((await renderEndpointPage(mini.site, op, highlightHere)).html);
    const query = section(list, 'Query parameters');
    expect(fieldNames(query)).toEqual(['limit', 'cursor']);
    expect(query?.querySelector('.op-field-default code')?.textContent).toBe('20');
    expect(query?.querySelector('.op-field-constraint')?.textContent).toBe('Required range: 1 <= x <= 100');
    const getOp = mini.site.pages.get('api-reference/users/get-a-user')?.operation;
    if (!getOp) throw new Error('fixture: GET /users/{id} not found');
    const get = parse((await renderEndpointPage(mini.site, getOp, highlightHere)).html);
    const path = section(get, 'Path parameters');
    expect(fieldNames(path)).toEqual(['id']);
    expect(path?.querySelector('.op-field-type')?.textContent).toBe('string<uuid>');
    expect(get.querySelector('.op-endpoint-path .op-path-param')?.textContent).toBe('{id}');
  });

  it("gives field rows Mintlify's anchor ids: body-, response-, parameter-, authorization-", async () => {
    const ids = (root: HTMLElement): string[] => root.querySelectorAll('.op-field[id]').map((f) => f.id);
    // Nested rows carry their parent's name: `address.city` is `body-address-city`.
    expect(ids(section(body, 'Body') ?? body)).toEqual(
      expect.arrayContaining(['body-email', 'body-name', 'body-role', 'body-address', 'body-address-city']),
    );
    expect(ids(section(body, 'Response') ?? body)).toEqual(expect.arrayContaining(['response-id', 'response-email']));
    expect(ids(section(body, 'Authorizations') ?? body)).toEqual(['authorization-authorization']);
    const getOp = mini.site.pages.get('api-reference/users/get-a-user')?.operation;
    if (!getOp) throw new Error('fixture: GET /users/{id} not found');
    const get = parse((await renderEndpointPage(mini.site, getOp, highlightHere)).html);
    expect(ids(section(get, 'Path parameters') ?? get)).toEqual(['parameter-id']);
    const listOp = mini.site.pages.get('api/users')?.operation;
    if (!listOp) throw new Error('fixture: GET /users not found');
    const list = parse((await renderEndpointPage(mini.site, listOp, highlightHere)).html);
    expect(ids(section(list, 'Query parameters') ?? list)).toEqual(['parameter-limit', 'parameter-cursor']);
    // Every id on a page is unique, even where two responses share field names.
    for (const page of [body, get, list]) {
      const all = page.querySelectorAll('[id]').map((e) => e.id);
      expect(all.length).toBe(new Set(all).size);
    }
  });

  it('reports headings and searchable text, merging an MDX body', () => {
    expect(create.headings.map((h) => h.text)).toEqual(['Authorizations', 'Body', 'Response']);
    expect(create.text).toContain('Create a user');
    expect(create.text).toContain('email');
    // The response's fields too (only the 201 response has these): a reader finds the endpoint returning one.
    expect(create.text.split(' ')).toEqual(expect.arrayContaining(['manager', 'address']));
    // And what a body field is for, as a parameter's description is.
    expect(create.text).toContain('email Where messages go.');
    const page = mini.pages.get('/api/users');
    expect(page?.rendered.text).toContain('Results are paginated');
    expect(page?.rendered.headings.map((h) => h.text)).toEqual(['Authorizations', 'Query parameters', 'Response']);
  });
});

describe('a response with several named examples', () => {
  it('shows each example in its own tab, named by its summary or key', async () => {
    const taxes = (country: string, rate: number): object => ({ value: { countryCode: country, taxRate: rate } });
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Tax', version: '1' },
      servers: [{ url: 'https://api.example.test' }],
      paths: {
        '/tax': {
          get: {
            summary: 'Get the tax rate',
            responses: {
              '200': {
                description: 'OK',
                content: {
                  'application/json': {
                    schema: { type: 'object' },
                    examples: { us: { summary: 'United States', ...taxes('US', 0.0825) }, gb: taxes('GB', 0.2) },
                  },
                },
              },
              '404': { description: 'Unknown', content: { 'application/json': { example: { error: 'none' } } } },
            },
          },
        },
      },
    };
    const site = loadSiteProject(
      writeProject({
        'docs.json': docsJson({ navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } }),
        'openapi.json': spec,
      }),
    );
    const op = [...site.pages.values()].find((page) => page.operation?.path === '/tax')?.operation;
    if (!op) throw new Error('fixture: GET /tax not found');
    const root = parse((await renderEndpointPage(site, op, highlightHere)).html);
    const panel = root.querySelector('.op-response-example');
    expect(panel?.querySelectorAll('[role="tab"]').map((t) => t.textContent.trim())).toEqual([
      '200 · United States',
      '200 · gb',
      '404',
    ]);
    const codes = (panel?.querySelectorAll('pre') ?? []).map((p) => JSON.parse(p.textContent) as unknown);
    expect(codes).toEqual([
      { countryCode: 'US', taxRate: 0.0825 },
      { countryCode: 'GB', taxRate: 0.2 },
      { error: 'none' },
    ]);
  });
});
