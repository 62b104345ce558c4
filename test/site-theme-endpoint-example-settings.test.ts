/**
 * docs.json `api.examples.autogenerate` and `defaults`, as Mintlify documents them: `autogenerate: false`
 * shows only the samples the authors wrote (`x-codeSamples`), none where they wrote none; `defaults:
 * required` leaves optional properties out of a generated request body, at every depth, on OpenAPI and MDX
 * endpoint pages alike. A value Mintlify does not take is reported and its default used.
 */
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { renderSite } from './helpers/themeSite.js';

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Users', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  paths: {
    '/v1/users': {
      post: {
        summary: 'Create a user',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['email', 'address'],
                properties: {
                  email: { type: 'string', format: 'email' },
                  nickname: { type: 'string' },
                  address: {
                    type: 'object',
                    required: ['city'],
                    properties: { city: { type: 'string', example: 'Lyon' }, zip: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
        responses: { '201': { description: 'Created' } },
      },
      get: {
        summary: 'List users',
        'x-codeSamples': [{ lang: 'typescript', label: 'SDK', source: 'await client.users.list();' }],
        responses: { '200': { description: 'OK' } },
      },
    },
  },
};

const MDX_ENDPOINT = [
  '---',
  'title: Create a note',
  'api: POST https://api.example.test/v1/notes',
  '---',
  '',
  '<ParamField body="title" type="string" required>The title.</ParamField>',
  '<ParamField body="tag" type="string">A tag.</ParamField>',
  '',
].join('\n');

function projectWith(examples: unknown): string {
  return writeProject({
    'docs.json': docsJson({
      navigation: { pages: ['create', 'list', 'note'] },
      api: { openapi: 'openapi.json', ...(examples === undefined ? {} : { examples }) },
    }),
    'openapi.json': SPEC,
    'create.mdx': '---\nopenapi: POST /v1/users\n---\n',
    'list.mdx': '---\nopenapi: GET /v1/users\n---\n',
    'note.mdx': MDX_ENDPOINT,
  });
}

// `pre` parsed as markup (node-html-parser keeps it raw by default), so its text is the code's.
const parsed = (html: string | undefined) => parse(html ?? '', { blockTextElements: { script: true, style: true } });

/** Each page's request sample tabs: label and code. */
async function samplesOf(examples: unknown): Promise<Map<string, [string, string][]>> {
  const site = await renderSite(projectWith(examples));
  const samples = new Map<string, [string, string][]>();
  for (const url of ['/create', '/list', '/note']) {
    const root = parsed(site.pages.get(url)?.html);
    const tabs = root.querySelectorAll('.op-request-example .op-tab-panel');
    samples.set(
      url,
      tabs.map((panel) => [
        panel.getAttribute('data-op-tab-panel') ?? '',
        panel.querySelector('pre')?.textContent ?? '',
      ]),
    );
  }
  return samples;
}

const curlOf = (samples: [string, string][] | undefined): string =>
  samples?.find(([label]) => label === 'cURL')?.[1] ?? '';

describe('api.examples.autogenerate and defaults', () => {
  it('by default generate every language, bodies with every property, beside the spec’s own samples', async () => {
    const samples = await samplesOf(undefined);
    expect(samples.get('/create')?.map(([label]) => label)).toEqual([
      'cURL',
      'Python',
      'JavaScript',
      'PHP',
      'Go',
      'Java',
    ]);
    expect(curlOf(samples.get('/create'))).toMatch(/"email".*"nickname".*"address".*"city": "Lyon".*"zip"/s);
    expect(samples.get('/list')?.map(([label]) => label)).toEqual(['cURL', 'SDK']);
    expect(curlOf(samples.get('/note'))).toMatch(/"title".*"tag"/s);
  });

  it('with defaults: required, leave optional properties out of generated bodies, nested ones too', async () => {
    const samples = await samplesOf({ defaults: 'required' });
    const curl = curlOf(samples.get('/create'));
    expect(curl).toMatch(/"email".*"address".*"city": "Lyon"/s);
    expect(curl).not.toContain('nickname');
    expect(curl).not.toContain('zip');
    const python = samples.get('/create')?.find(([label]) => label === 'Python')?.[1] ?? '';
    expect(python).toContain('"city": "Lyon"');
    expect(python).not.toContain('nickname');
    expect(curlOf(samples.get('/note'))).toContain('"title"');
    expect(curlOf(samples.get('/note'))).not.toContain('"tag"');
  });

  it('with autogenerate: false, show only the samples the spec writes, and no sample panel without any', async () => {
    const site = await renderSite(projectWith({ autogenerate: false }));
    const panel = (url: string) => parsed(site.pages.get(url)?.html).querySelector('.op-request-example');
    expect(panel('/create')).toBeNull();
    expect(panel('/note')).toBeNull();
    const list = panel('/list');
    expect(list?.querySelectorAll('.op-tab-panel').map((p) => p.getAttribute('data-op-tab-panel'))).toEqual(['SDK']);
    expect(list?.textContent).toContain('await client.users.list();');
  });

  it('reports a value Mintlify does not take, and uses its default', async () => {
    const dir = projectWith({ autogenerate: 'no', defaults: 'optional' });
    expect(loadSiteProject(dir).problems.map((p) => [p.code, p.keyPath, p.message])).toEqual([
      ['unsupported-config', 'api.examples.autogenerate', '"no": expected true or false; true is used'],
      ['unsupported-config', 'api.examples.defaults', '"optional": expected "all" or "required"; "all" is used'],
    ]);
    const samples = await samplesOf({ autogenerate: 'no', defaults: 'optional' });
    expect(curlOf(samples.get('/create'))).toContain('nickname');
  });
});
