/**
 * A YAML spec's merge keys are applied, as Mintlify's js-yaml applies them: TimelinesAI's public API
 * writes its shared error responses once (`x-common-errors: &errors {...}`) and merges them into each
 * operation (`<<: *errors`), which read as a response named "<<" and lost the 400 and 404 responses.
 * Frontmatter merges the same way.
 */
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { renderSite } from './helpers/themeSite.js';

const SPEC = `openapi: 3.0.3
info: {title: Chats, version: '1'}
servers: [{url: 'https://api.example.test'}]
x-common-errors: &errors
  '400': {description: Bad request}
  '404': {description: Not found}
paths:
  /chats:
    get:
      summary: List chats
      responses:
        '200': {description: OK}
        <<: *errors
`;

describe('YAML merge keys', () => {
  it('merge shared responses into each operation of a spec', async () => {
    const site = await renderSite(
      writeProject({
        'docs.json': docsJson({ navigation: { pages: ['chats'] }, api: { openapi: 'openapi.yaml' } }),
        'openapi.yaml': SPEC,
        'chats.mdx': '---\nopenapi: GET /chats\n---\n',
      }),
    );
    const root = parse(site.pages.get('/chats')?.html ?? '');
    const statuses = root.querySelectorAll('[data-op-status]').map((tab) => tab.getAttribute('data-op-status'));
    expect(new Set(statuses)).toEqual(new Set(['200', '400', '404']));
  });

  it('merge in frontmatter too', () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['a'] } }),
      'a.mdx': '---\nbase: &base\n  title: Merged title\ntitle-holder:\n  <<: *base\n<<: *base\n---\n\nText.\n',
    });
    const page = loadSiteProject(dir).pages.get('a');
    expect(page?.title).toBe('Merged title');
  });
});
