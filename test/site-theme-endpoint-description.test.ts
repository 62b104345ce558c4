/**
 * An endpoint page says its operation's description once. A page bound with `openapi:` frontmatter often
 * repeats the operation's description as its own (Helicone's `GET /v1/models` does); the body shows the
 * operation's, as Markdown, so the header leaves out the same words. A description of its own stays.
 */
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { renderSite } from './helpers/themeSite.js';

const SAID = 'Returns all available models.';

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Models', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  paths: {
    '/v1/models': { get: { summary: 'List models', description: SAID, responses: { '200': { description: 'OK' } } } },
  },
};

const page = (description: string): string =>
  `---\ntitle: List models\nopenapi: GET /v1/models\ndescription: ${JSON.stringify(description)}\n---\n`;

describe('the description of an endpoint page', () => {
  it("is said once when the frontmatter repeats the operation's, and kept when it says something else", async () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['same', 'own'] }, api: { openapi: 'openapi.json' } }),
      'openapi.json': SPEC,
      'same.mdx': page(SAID),
      'own.mdx': page('The models you can route to.'),
    });
    const site = await renderSite(dir);
    const said = (url: string): { header: string[]; body: string[] } => {
      const root = parse(site.pages.get(url)?.html ?? '');
      return {
        header: root.querySelectorAll('.op-page-description').map((p) => p.textContent),
        body: root.querySelectorAll('.op-endpoint-description').map((p) => p.textContent.trim()),
      };
    };
    expect(said('/same')).toEqual({ header: [], body: [SAID] });
    expect(said('/own')).toEqual({ header: ['The models you can route to.'], body: [SAID] });
  });
});
