/**
 * Data-model pages (frontmatter `openapi-schema: "[spec] Name"`): the page's own MDX, then the schema's
 * description and fields (nested and referenced ones included) under a heading of its name, in search
 * text too; the spec may be left out. A schema no local spec has is an import problem, and the page shows
 * its MDX alone.
 */
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { renderPageSource } from '../server/sites/sandbox/page.js';
import { closeRenderSandbox } from '../server/sites/sandbox/shared.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

afterAll(() => closeRenderSandbox());

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Flags', version: '1' },
  paths: {},
  components: {
    schemas: {
      Flag: {
        type: 'object',
        description: 'A **feature flag**.',
        required: ['key'],
        properties: {
          key: { type: 'string', description: 'Unique key.' },
          rollout: { $ref: '#/components/schemas/Rollout' },
        },
      },
      Rollout: { type: 'object', properties: { percent: { type: 'integer' } } },
    },
  },
};

function project(pages: Record<string, string>): ReturnType<typeof loadSiteProject> {
  const dir = writeProject({
    'docs.json': docsJson({ navigation: { pages: Object.keys(pages).map((f) => f.replace(/\.mdx$/, '')) } }),
    'openapi.json': SPEC,
    ...pages,
  });
  return loadSiteProject(dir);
}

describe('openapi-schema pages', () => {
  it('list the schema after the page body, with its description and fields, spec named or not', async () => {
    const model = project({
      'flag.mdx': '---\ntitle: Flag\nopenapi-schema: "openapi.json Flag"\n---\n\nThe flag object.\n',
      'bare.mdx': '---\ntitle: Flag again\nopenapi-schema: Flag\n---\n',
    });
    expect(model.problems).toEqual([]);
    const texts: string[] = [];
    for (const path of ['flag', 'bare']) {
      const page = model.pages.get(path);
      if (page === undefined) throw new Error(`no page ${path}`);
      const rendered = await renderPageSource(model, model.rootDir, page);
      const dom = parse(rendered.html);
      expect(dom.querySelector('.op-schema-page .op-endpoint-description strong')?.text).toBe('feature flag');
      expect(dom.querySelectorAll('.op-endpoint-section h2').map((h) => h.text)).toEqual(['Flag']);
      expect(rendered.html).toContain('key');
      expect(rendered.html).toContain('percent');
      expect(rendered.headings.map((h) => h.text)).toContain('Flag');
      expect(rendered.text).toContain('rollout');
      texts.push(dom.text);
    }
    // The page's own body first, then the schema.
    const [withBody = ''] = texts;
    expect(withBody.indexOf('The flag object.')).toBeGreaterThanOrEqual(0);
    expect(withBody.indexOf('The flag object.')).toBeLessThan(withBody.indexOf('Unique key.'));
  });

  it('report a schema no spec has, and show the page body alone', async () => {
    const model = project({ 'gone.mdx': '---\ntitle: Gone\nopenapi-schema: Missing\n---\n\nStill here.\n' });
    expect(model.problems).toEqual([
      {
        code: 'missing-operation',
        file: 'gone.mdx',
        message: 'openapi-schema "Missing": no local OpenAPI spec has this schema',
      },
    ]);
    const page = model.pages.get('gone');
    if (page === undefined) throw new Error('no page');
    const rendered = await renderPageSource(model, model.rootDir, page);
    expect(rendered.html).toContain('Still here.');
    expect(rendered.html).not.toContain('op-schema-page');
  });
});
