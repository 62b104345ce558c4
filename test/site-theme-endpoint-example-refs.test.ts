/**
 * A `$ref` inside an example value (Phonic reuses `#/components/examples/AgentExample/value` in each
 * response example) shows what it points to, as Mintlify dereferences the whole spec; before, the response
 * example read `{ "agent": { "$ref": "#/components/examples/AgentExample/value" } }`.
 */
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { plainCode } from '../server/sites/theme/endpoint/code.js';
import { renderEndpointPage } from '../server/sites/theme/endpoint/endpoint.js';
import { withExampleRefs } from '../server/sites/theme/endpoint/exampleRefs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const parse = (html: string): HTMLElement => parseHtml(html, { blockTextElements: { script: true, style: true } });

const AGENT = { id: 'agent_1', name: 'support-agent' };
const AGENT_REF = { $ref: '#/components/examples/AgentExample/value' };

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Agents', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  components: {
    examples: { AgentExample: { value: AGENT } },
    schemas: {
      Agent: { type: 'object', properties: { id: { type: 'string' } }, example: AGENT_REF },
      NewAgent: { type: 'object', properties: { name: { type: 'string', example: { $ref: '#/x-names/0' } } } },
    },
  },
  'x-names': ['sales-agent'],
  paths: {
    '/agents': {
      get: {
        summary: 'List agents',
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { example: { agents: [AGENT_REF] } } },
          },
          '201': {
            description: 'Named',
            content: { 'application/json': { examples: { one: { value: { agent: AGENT_REF } } } } },
          },
          '202': {
            description: 'From the schema',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Agent' } } },
          },
        },
      },
      post: {
        summary: 'Create an agent',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NewAgent' } } } },
        responses: { '200': { description: 'OK' } },
      },
    },
  },
};

/** The code of each request sample (`request`) or response example (`response`) on the page. */
async function codesOf(method: string, kind: 'request' | 'response'): Promise<string[]> {
  const site = loadSiteProject(
    writeProject({
      'docs.json': docsJson({ navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } }),
      'openapi.json': SPEC,
    }),
  );
  const op = [...site.pages.values()].find((p) => p.operation?.method === method)?.operation;
  if (!op) throw new Error(`fixture: ${method} /agents not found`);
  return parse((await renderEndpointPage(site, op, plainCode)).html)
    .querySelectorAll(`[data-op-example="${kind}"] pre`)
    .map((pre) => pre.textContent);
}

describe('$ref inside example values', () => {
  it('shows the example a response example refers to, in `example`, named examples and schemas', async () => {
    const [listed, named, fromSchema] = (await codesOf('get', 'response')).map((code) => JSON.parse(code) as unknown);
    expect(listed).toEqual({ agents: [AGENT] });
    expect(named).toEqual({ agent: AGENT });
    expect(fromSchema).toEqual(AGENT);
  });

  it("sends the value a schema's example refers to in the request samples", async () => {
    const curl = (await codesOf('post', 'request'))[0];
    expect(curl).toContain('"name": "sales-agent"');
    expect(curl).not.toContain('$ref');
  });

  it('leaves a ref that points nowhere, or back into itself, as written', () => {
    const loop = { components: { examples: { A: { value: { next: { $ref: '#/components/examples/A/value' } } } } } };
    expect(withExampleRefs(loop, { $ref: '#/components/examples/A/value' })).toEqual({
      next: { $ref: '#/components/examples/A/value' },
    });
    expect(withExampleRefs(loop, { a: { $ref: '#/nowhere' } })).toEqual({ a: { $ref: '#/nowhere' } });
    const plain = { a: [1, { b: 'c' }] };
    expect(withExampleRefs(loop, plain)).toBe(plain);
  });

  it('stops following refs once an example has grown past its bound (a small spec cannot make a huge page)', () => {
    // 20,000 refs to one 100 KB string would write 2 GB into the page; each ref alone is a few bytes.
    const big = { 'x-big': 'x'.repeat(100_000) };
    const refs = Array.from({ length: 20_000 }, () => ({ $ref: '#/x-big' }));
    const expanded = withExampleRefs(big, refs);
    const size = JSON.stringify(expanded).length;
    expect(size).toBeLessThan(5_000_000);
    // The first refs are followed; the rest stay as written.
    expect((expanded as unknown[])[0]).toBe(big['x-big']);
    expect((expanded as unknown[])[19_999]).toEqual({ $ref: '#/x-big' });
  });
});
