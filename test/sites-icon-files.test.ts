/**
 * An icon named by a file the project lacks (`"icon": "/logo/mcp.svg"` on ScrapeGraph's "MCP Server"
 * group) is reported at import, as a missing logo is, and is not drawn: it was drawn as an
 * image the site answered with 404 on every page, and only the export noticed it. A logo whose files are
 * missing keeps its link.
 */
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { writeProject } from './helpers/siteProjects.js';
import { renderSite } from './helpers/themeSite.js';

const project = (): string =>
  writeProject({
    'docs.json': {
      name: 'Icons',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navbar: { links: [{ label: 'Home', href: 'https://example.com', icon: 'logo/gone-too.svg' }] },
      navigation: {
        groups: [
          { group: 'MCP Server', icon: '/logo/mcp.svg', pages: ['index'] },
          { group: 'Present', icon: { name: '/logo/here.svg' }, pages: ['other'] },
          { group: 'Library', icon: 'rocket', pages: ['third'] },
        ],
      },
    },
    'logo/here.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
    'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
    'other.mdx': '---\ntitle: Other\n---\n\nHello.\n',
    'third.mdx': '---\ntitle: Third\n---\n\nHello.\n',
  });

describe('icons named by a file', () => {
  it('reports each missing icon file once, where it is written', () => {
    const problems = loadSiteProject(project()).problems.map((p) => [p.code, p.keyPath, p.message]);
    expect(problems).toEqual([
      [
        'missing-asset',
        'navigation.groups[0].icon',
        '/logo/mcp.svg: icon file not found in the project (shown without it)',
      ],
      [
        'missing-asset',
        'navbar.links[0].icon',
        '/logo/gone-too.svg: icon file not found in the project (shown without it)',
      ],
    ]);
  });

  it('draws the icon files the project has and asks for none it lacks', async () => {
    const site = await renderSite(project());
    const html = site.pages.get('/')?.html ?? '';
    const sources = parse(html)
      .querySelectorAll('img.op-icon-img')
      .map((img) => img.getAttribute('src'));
    expect(sources).toContain('/logo/here.svg');
    expect(html).not.toContain('mcp.svg');
    expect(html).not.toContain('gone-too.svg');
  });
});

describe('a logo whose files are missing', () => {
  it("keeps its link: the site's name, shown instead, links where the logo would (Embedchain's GitHub)", async () => {
    const site = await renderSite(
      writeProject({
        'docs.json': {
          name: 'Embedchain',
          theme: 'mint',
          colors: { primary: '#0D9373' },
          logo: { light: '/logo/light.svg', dark: '/logo/dark.svg', href: 'https://github.com/embedchain/embedchain' },
          navigation: { pages: ['index'] },
        },
        'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
      }),
    );
    const link = parse(site.pages.get('/')?.html ?? '').querySelector('a.op-logo');
    expect([link?.text, link?.getAttribute('href')]).toEqual([
      'Embedchain',
      'https://github.com/embedchain/embedchain',
    ]);
  });
});
