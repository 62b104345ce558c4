/**
 * An OpenAPI endpoint page (frontmatter `openapi: "POST /customers"` naming an operation of a local spec)
 * whose MDX writes its own `<RequestExample>` or `<ResponseExample>` shows that one in place of the
 * example generated from the spec, as Mintlify does (getlago/lago-doc writes a cURL, Python, Ruby, ...
 * example on every endpoint page); the author's request example still comes before a generated response.
 * An example the page replaces is not generated at all: highlighting it is the page's costliest step.
 */
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../server/logger.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { renderPageSource } from '../server/sites/sandbox/page.js';
import { configureRenderSandbox } from '../server/sites/sandbox/shared.js';
import { plainCode, type CodeHighlighter, type EndpointCode } from '../server/sites/theme/endpoint/code.js';
import { renderEndpointPage } from '../server/sites/theme/endpoint/endpoint.js';
import type { RenderedPage } from '../server/sites/render/types.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

afterEach(() => configureRenderSandbox(silentLogger()));

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Billing', version: '1' },
  servers: [{ url: 'https://api.example.test/v1' }],
  paths: {
    '/customers': {
      post: {
        summary: 'Create a customer',
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } },
        },
        responses: {
          '200': {
            description: 'Created',
            content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } },
          },
        },
      },
    },
  },
};

const FRONTMATTER = '---\nopenapi: "POST /customers"\ntitle: Create a customer\n---\n';
const OWN_REQUEST =
  '<RequestExample>\n\n```bash cURL (mine)\ncurl mine\n```\n\n```ruby Ruby\nclient.create\n```\n\n</RequestExample>';
const OWN_RESPONSE = '<ResponseExample>\n\n```json Mine\n{ "id": "mine" }\n```\n\n</ResponseExample>';

/** The tab labels of each request/response example on the served page, in document order. */
async function examplesOf(body: string): Promise<Array<[string, string[]]>> {
  const dir = writeProject({
    'docs.json': docsJson({ openapi: 'openapi.json', navigation: { pages: ['create'] } }),
    'openapi.json': SPEC,
    'create.mdx': FRONTMATTER + body,
  });
  const model = loadSiteProject(dir);
  const page = model.pages.get('create');
  if (page === undefined) throw new Error('no page create');
  const html = parseHtml((await renderPageSource(model, model.rootDir, page)).html);
  return html
    .querySelectorAll('[data-op-example]')
    .map((example: HTMLElement) => [
      example.getAttribute('data-op-example') ?? '',
      example.querySelectorAll('[data-op-tab]').map((tab) => tab.getAttribute('data-op-tab') ?? ''),
    ]);
}

describe('OpenAPI endpoint pages with examples of their own', () => {
  it('generate both examples when the page writes neither', async () => {
    const examples = await examplesOf('Some text.');
    expect(examples.map(([kind]) => kind)).toEqual(['request', 'response']);
    expect(examples[0]?.[1]).toContain('cURL');
    expect(examples[1]?.[1]).toEqual(['200']);
  });

  it("show the page's own request example alone, before the generated response", async () => {
    expect(await examplesOf(OWN_REQUEST)).toEqual([
      ['request', ['cURL (mine)', 'Ruby']],
      ['response', ['200']],
    ]);
  });

  it("show the page's own response example in place of the generated one", async () => {
    const examples = await examplesOf(OWN_RESPONSE);
    expect(examples.map(([kind]) => kind)).toEqual(['request', 'response']);
    expect(examples[0]?.[1]).toContain('cURL');
    expect(examples[1]).toEqual(['response', ['Mine']]);
  });

  it('show only what the page wrote when it writes both', async () => {
    expect(await examplesOf(`${OWN_REQUEST}\n\n${OWN_RESPONSE}`)).toEqual([
      ['request', ['cURL (mine)', 'Ruby']],
      ['response', ['Mine']],
    ]);
  });

  it('highlight no generated example the page replaces', async () => {
    const dir = writeProject({
      'docs.json': docsJson({ openapi: 'openapi.json', navigation: { pages: ['create'] } }),
      'openapi.json': SPEC,
      'create.mdx': FRONTMATTER,
    });
    const model = loadSiteProject(dir);
    const operation = model.pages.get('create')?.operation;
    if (operation === undefined) throw new Error('create is no endpoint page');
    const highlighted: EndpointCode[] = [];
    const recording: CodeHighlighter = (blocks) => {
      highlighted.push(...blocks);
      return plainCode(blocks);
    };
    const content = (own: Partial<RenderedPage>): RenderedPage => ({
      html: '<p>Mine</p>',
      headings: [],
      unknownComponents: [],
      missingImports: [],
      assets: [],
      text: '',
      frontmatter: {},
      warnings: [],
      ...own,
    });
    const langs = async (own: Partial<RenderedPage>): Promise<string[]> => {
      highlighted.length = 0;
      await renderEndpointPage(model, operation, recording, content(own));
      return highlighted.map((block) => block.lang);
    };
    expect(await langs({})).toEqual(expect.arrayContaining(['bash', 'json']));
    expect(await langs({ requestExample: true })).toEqual(['json']);
    expect(await langs({ responseExample: true })).not.toContain('json');
    expect(await langs({ requestExample: true, responseExample: true })).toEqual([]);
  });
});
