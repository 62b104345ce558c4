/**
 * The import report names each page a redirect hides: the site answers redirects before pages, as
 * Mintlify's do, so such a page is never shown, and its author should hear of it.
 */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

describe('pages a redirect hides', () => {
  it('are reported under their own file with where readers go, the home page and pattern matches included', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        navigation: { pages: ['index', 'intro', 'old/page', 'api/overview', 'kept'] },
        redirects: [
          { source: '/', destination: '/intro' },
          { source: '/old/page', destination: '/intro' },
          { source: '/api/:slug*', destination: '/reference/:slug*' },
          { source: '/kept', destination: '/kept' },
          { source: '/gone', destination: '/intro' },
        ],
      }),
      'index.mdx': '# Home\n',
      'intro.mdx': '# Intro\n',
      'old/page.md': '# Old\n',
      'api/overview.mdx': '# Overview\n',
      'kept.mdx': '# Kept\n',
      'reference/overview.mdx': '# Reference\n',
    });
    const shadowed = loadSiteProject(dir).problems.filter((p) => p.code === 'shadowed-page');
    expect(shadowed.map((p) => [p.file, p.message]).sort()).toEqual([
      [
        'api/overview.mdx',
        '/api/overview is never shown: a redirect sends its readers to /reference/overview; remove the page or the redirect',
      ],
      ['index.mdx', '/ is never shown: a redirect sends its readers to /intro; remove the page or the redirect'],
      [
        'old/page.md',
        '/old/page is never shown: a redirect sends its readers to /intro; remove the page or the redirect',
      ],
    ]);
  });

  it('lists the first 20 and counts the rest in one entry, so a wide pattern does not flood the report', () => {
    const pages = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`v1/p${i}.mdx`, `# Page ${i}\n`]));
    const dir = writeProject({
      'docs.json': docsJson({ redirects: [{ source: '/v1/:slug*', destination: '/v2/:slug*' }] }),
      'index.mdx': '# Home\n',
      ...pages,
    });
    const shadowed = loadSiteProject(dir).problems.filter((p) => p.code === 'shadowed-page');
    expect(shadowed).toHaveLength(21);
    expect(shadowed[20]).toMatchObject({ message: 'and 5 more pages a redirect hides', count: 5 });
  });

  it('are none without redirects', () => {
    const dir = writeProject({ 'docs.json': docsJson(), 'index.mdx': '# Home\n' });
    expect(loadSiteProject(dir).problems).toEqual([]);
  });
});
