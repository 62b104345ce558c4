/**
 * MDX endpoint pages (frontmatter `api: "POST https://…"`, or `openapi:` naming an operation no local
 * spec holds) get the request example Mintlify generates from their `<ParamField>`s: cURL and the other
 * languages, written by the OpenAPI pages' generator. Path values fill the URL, required query parameters
 * and headers are sent, body fields (nested ones too) make the JSON body, the auth comes from
 * `api.mdx.auth` or `authMethod`; a page with its own `<RequestExample>` keeps it alone.
 */
import { parse as parseHtml } from 'node-html-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../server/logger.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import type { EndpointField } from '../server/sites/render/types.js';
import { renderPageSource } from '../server/sites/sandbox/page.js';
import { configureRenderSandbox } from '../server/sites/sandbox/shared.js';
import { mdxRequestSamples } from '../server/sites/theme/endpoint/mdxSamples.js';
import { renderPageHeader } from '../server/sites/theme/page.js';
import { render } from './fixtures/render/harness.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

afterEach(() => configureRenderSandbox(silentLogger()));

const CREATE_USER = [
  '---',
  'title: Create user',
  'api: "POST https://api.example.test/v1/users/{team}"',
  '---',
  '<ParamField path="team" type="string" placeholder="acme">The team.</ParamField>',
  '<ParamField query="notify" type="boolean" required default="true">Email them.</ParamField>',
  '<ParamField query="limit" type="integer">Optional: left out.</ParamField>',
  '<ParamField header="X-Request-Id" type="string" required>Idempotency.</ParamField>',
  '<ParamField body="email" type="string" required placeholder="jsmith@example.com">Email.</ParamField>',
  '<ParamField body="age" type="integer" default="0">Age.</ParamField>',
  '<ParamField body="tags" type="string[]">Labels.</ParamField>',
  '<ParamField body="settings" type="object">',
  '  <Expandable title="properties">',
  '    <ParamField body="timezone" type="string" default="UTC">Zone.</ParamField>',
  '    <ParamField body="retries" type="number" default={3}>Retries.</ParamField>',
  '  </Expandable>',
  '</ParamField>',
].join('\n');

const field = (
  location: EndpointField['location'],
  name: string,
  more: Partial<EndpointField> = {},
): EndpointField => ({
  location,
  name,
  parents: [],
  required: false,
  ...more,
});

describe('MDX endpoint request examples', () => {
  it("collects the page's ParamFields while rendering, nested ones with their parents", async () => {
    const page = await render(CREATE_USER);
    expect(page.requestExample).toBeUndefined();
    expect(page.endpointFields?.map((f) => [f.location, [...f.parents, f.name].join('.'), f.default])).toEqual([
      ['path', 'team', undefined],
      ['query', 'notify', 'true'],
      ['query', 'limit', undefined],
      ['header', 'X-Request-Id', undefined],
      ['body', 'email', undefined],
      ['body', 'age', '0'],
      ['body', 'tags', undefined],
      ['body', 'settings', undefined],
      ['body', 'settings.timezone', 'UTC'],
      ['body', 'settings.retries', 3],
    ]);
    const own = await render(`${CREATE_USER}\n\n<RequestExample>\n\n\`\`\`bash\ncurl x\n\`\`\`\n\n</RequestExample>`);
    expect(own.requestExample).toBe(true);
  });

  it('ships the fields of endpoint pages only, and no more than the server takes', async () => {
    const guide = await render('---\ntitle: Config\n---\n<ParamField path="--port" type="number">Port.</ParamField>');
    expect(guide.endpointFields).toBeUndefined();
    const many = Array.from({ length: 600 }, (_, i) => `<ParamField query="q${i}">q</ParamField>`);
    const long = `<ParamField query="${'n'.repeat(300)}">too long a name</ParamField>`;
    const big = await render(['---', 'api: GET https://a.test/x', '---', long, ...many].join('\n'));
    expect(big.endpointFields).toHaveLength(500);
    expect(big.endpointFields?.[0]?.name).toBe('q0');
  });

  it('builds the request from them: path values, required query and headers, a typed JSON body', async () => {
    const page = await render(CREATE_USER);
    const api = { mdx: { auth: { method: 'bearer' } } };
    const samples = mdxRequestSamples(api, page.frontmatter, page.endpointFields ?? [], false);
    expect(samples.map((s) => s.label)).toEqual(['cURL', 'Python', 'JavaScript', 'PHP', 'Go', 'Java']);
    expect(samples[0]?.code).toBe(
      [
        'curl --request POST',
        "--url 'https://api.example.test/v1/users/acme?notify=true'",
        "--header 'Authorization: Bearer <token>'",
        "--header 'X-Request-Id: <X-Request-Id>'",
        "--header 'Content-Type: application/json'",
        `--data '${JSON.stringify(
          {
            email: 'jsmith@example.com',
            age: 0,
            tags: ['<string>'],
            settings: { timezone: 'UTC', retries: 3 },
          },
          null,
          2,
        )}'`,
      ].join(' \\\n  '),
    );
    expect(samples[1]?.code).toContain('"retries": 3');
  });

  it('takes the auth from authMethod over api.mdx.auth, a relative path after api.mdx.server, and the languages asked for', () => {
    const api = {
      mdx: { server: ['https://api.example.test/', 'https://eu.example.test'], auth: { method: 'bearer' } },
      examples: { languages: ['curl', 'python'] },
    };
    const fields = [field('path', 'id')];
    const key = mdxRequestSamples(
      { ...api, mdx: { ...api.mdx, auth: { method: 'key', name: 'X-Api-Key' } } },
      { api: 'GET /v1/users/{id}' },
      fields,
      false,
    );
    expect(key.map((s) => s.label)).toEqual(['cURL', 'Python']);
    expect(key[0]?.code).toBe(
      "curl --request GET \\\n  --url 'https://api.example.test/v1/users/{id}' \\\n  --header 'X-Api-Key: <api-key>'",
    );
    const basic = mdxRequestSamples(api, { api: 'GET /v1/users/{id}', authMethod: 'basic' }, fields, false);
    expect(basic[0]?.code).toContain("--header 'Authorization: Basic <encoded-value>'");
    const none = mdxRequestSamples(api, { api: 'GET /v1/users/{id}', authMethod: 'none' }, fields, false);
    expect(none[0]?.code).not.toContain('--header');
    // Neither body nor headers: Python goes straight from the URL to the request, one blank line between.
    expect(none[1]?.code).toBe(
      'import requests\n\nurl = "https://api.example.test/v1/users/{id}"\n\nresponse = requests.request("GET", url)\n\nprint(response.text)',
    );
    // An openapi: page whose operation no spec holds is an MDX endpoint page too.
    const bound = mdxRequestSamples(undefined, { openapi: 'DELETE /v1/users/{id}' }, fields, false);
    expect(bound[0]?.code).toBe("curl --request DELETE \\\n  --url '/v1/users/{id}'");
  });

  it('generates nothing for a page with its own RequestExample, a webhook, or no endpoint', () => {
    const fields = [field('body', 'email', { required: true })];
    expect(mdxRequestSamples(undefined, { api: 'POST https://a.test/x' }, fields, true)).toEqual([]);
    expect(mdxRequestSamples(undefined, { api: 'WEBHOOK https://a.test/x' }, fields, false)).toEqual([]);
    expect(mdxRequestSamples(undefined, { title: 'Guide' }, fields, false)).toEqual([]);
  });

  it('puts the example on the served page, highlighted, where a page with its own keeps only that', async () => {
    const dir = writeProject({
      'docs.json': docsJson({
        api: { mdx: { server: 'https://api.example.test' } },
        navigation: { groups: [{ group: 'API', pages: ['create', 'own', 'guide'] }] },
      }),
      'create.mdx': CREATE_USER,
      'own.mdx': `${CREATE_USER}\n\n<RequestExample>\n\n\`\`\`bash Mine\ncurl mine\n\`\`\`\n\n</RequestExample>`,
      'guide.mdx': '---\ntitle: Guide\n---\n<ParamField body="x" type="string">Not an endpoint.</ParamField>',
    });
    const model = loadSiteProject(dir);
    const served = async (path: string): Promise<ReturnType<typeof parseHtml>> => {
      const page = model.pages.get(path);
      if (page === undefined) throw new Error(`no page ${path}`);
      return parseHtml((await renderPageSource(model, model.rootDir, page)).html, {
        blockTextElements: { script: true, style: true },
      });
    };
    const create = await served('create');
    const examples = create.querySelectorAll('[data-op-example="request"]');
    expect(examples).toHaveLength(1);
    expect(examples[0]?.querySelectorAll('[data-op-tab]').map((t) => t.getAttribute('data-op-tab'))).toEqual([
      'cURL',
      'Python',
      'JavaScript',
      'PHP',
      'Go',
      'Java',
    ]);
    const curl = examples[0]?.querySelector('.op-code');
    expect(curl?.getAttribute('data-lang')).toBe('bash');
    expect(curl?.innerHTML).toContain('var(--op-code-token-');
    expect(curl?.text).toContain('https://api.example.test/v1/users/acme?notify=true');
    const own = (await served('own')).querySelectorAll('[data-op-example="request"]');
    expect(own.map((e) => e.querySelector('[data-op-tab]')?.getAttribute('data-op-tab'))).toEqual(['Mine']);
    expect((await served('guide')).querySelector('[data-op-example]')).toBeNull();
  });

  it('shows a relative api: path after the MDX server in the method bar', () => {
    const model = loadSiteProject(
      writeProject({
        'docs.json': docsJson({
          api: { mdx: { server: 'https://api.example.test/' } },
          navigation: { groups: [{ group: 'API', pages: ['get'] }] },
        }),
        'get.mdx': '---\ntitle: Get\napi: GET /v1/users/{id}\n---\n',
      }),
    );
    const page = model.pages.get('get');
    if (page === undefined) throw new Error('no page');
    const bar = parseHtml(renderPageHeader(model, page, [])).querySelector('.op-endpoint-url');
    expect(bar?.text).toBe('https://api.example.test/v1/users/{id}');
  });
});
