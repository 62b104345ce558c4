/**
 * A server URL written with a trailing slash (`https://api.helicone.ai/`, Swagger 2's `basePath: "/"`) joins
 * the operation's path with one slash in the request samples, as in the URL bar. A server URL with variables
 * (`{api_base_url}`, `https://{region}.api.test`) is shown with each variable's `default`, as OpenAPI defines
 * it: Dify's specs declare `"url": "{api_base_url}"`, and every sample read `--url '{api_base_url}/...'`.
 */
import { parse as parseHtml } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { highlightHere } from '../server/sites/theme/endpoint/code.js';
import { renderEndpointPage } from '../server/sites/theme/endpoint/endpoint.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const OPERATION = { post: { summary: 'Get requests', responses: { '200': { description: 'Ok' } } } };

async function samplesOf(spec: Record<string, unknown>): Promise<string> {
  const site = loadSiteProject(
    writeProject({
      'docs.json': docsJson({ navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } }),
      'openapi.json': spec,
    }),
  );
  const op = [...site.pages.values()].find((page) => page.operation?.path === '/v1/request/query')?.operation;
  if (op === undefined) throw new Error('POST /v1/request/query was not found');
  const { html } = await renderEndpointPage(site, op, highlightHere);
  return parseHtml(html, { blockTextElements: { script: true, style: true } }).text;
}

describe('server URL with a trailing slash', () => {
  it('joins an OpenAPI 3 server and the path with one slash', async () => {
    const text = await samplesOf({
      openapi: '3.0.0',
      info: { title: 'helicone-api', version: '1' },
      servers: [{ url: 'https://api.helicone.test/' }],
      paths: { '/v1/request/query': OPERATION },
    });
    expect(text).toContain('https://api.helicone.test/v1/request/query');
    expect(text).not.toContain('helicone.test//');
  });

  it('joins a Swagger 2 host and basePath "/" with the path with one slash', async () => {
    const text = await samplesOf({
      swagger: '2.0',
      info: { title: 'helicone-api', version: '1' },
      host: 'api.helicone.test',
      basePath: '/',
      paths: { '/v1/request/query': OPERATION },
    });
    expect(text).toContain('https://api.helicone.test/v1/request/query');
    expect(text).not.toContain('helicone.test//');
  });
});

describe('server URL with variables', () => {
  it('fills each variable with its default, in the samples and the URL bar', async () => {
    const text = await samplesOf({
      openapi: '3.0.1',
      info: { title: 'vars', version: '1' },
      servers: [
        {
          url: '{base}/{region}',
          variables: { base: { default: 'https://api.vars.test/v1' }, region: { default: 'eu', enum: ['eu', 'us'] } },
        },
      ],
      paths: { '/v1/request/query': OPERATION },
    });
    expect(text).toContain('https://api.vars.test/v1/eu/v1/request/query');
    expect(text).not.toContain('{base}');
    expect(text).not.toContain('{region}');
  });

  it('keeps a variable the server does not define as written', async () => {
    const text = await samplesOf({
      openapi: '3.0.1',
      info: { title: 'vars', version: '1' },
      servers: [{ url: 'https://{tenant}.vars.test', variables: { other: { default: 'x' } } }],
      paths: { '/v1/request/query': OPERATION },
    });
    expect(text).toContain('https://{tenant}.vars.test/v1/request/query');
  });
});
