/**
 * `global` links of a division (Mintlify allows `global` on every division, not only on `navigation`):
 * a language's global anchors show on that language's pages and on no other, next to navigation.global's.
 */
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadSiteProject, type SiteModel } from '../server/sites/project/model.js';
import { renderDocument } from '../server/sites/theme/document.js';
import { BLANK_BODY, docsJson, writeProject } from './helpers/siteProjects.js';

const mdx = '---\ntitle: T\n---\n';

/** The hrefs of the sidebar's anchor links on the page at `path`. */
function anchorHrefs(site: SiteModel, path: string): string[] {
  const page = site.pages.get(path);
  if (page === undefined) throw new Error(`no page ${path}`);
  const root = parse(renderDocument({ site, page, rendered: BLANK_BODY }));
  return root.querySelectorAll('.op-anchors a').map((a) => a.getAttribute('href') ?? '');
}

describe('per-division global links', () => {
  const dir = writeProject({
    'docs.json': docsJson({
      navigation: {
        global: { anchors: [{ anchor: 'Status', href: 'https://status.example.org' }] },
        languages: [
          {
            language: 'en',
            global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.org', icon: 'newspaper' }] },
            versions: [
              {
                version: 'v2',
                global: { anchors: [{ anchor: 'Changelog', href: 'https://example.org/changelog' }] },
                groups: [{ group: 'Start', pages: ['index'] }],
              },
              { version: 'v1', groups: [{ group: 'Start', pages: ['v1/index'] }] },
            ],
          },
          { language: 'fr', groups: [{ group: 'Début', pages: ['fr/index'] }] },
        ],
      },
    }),
    'index.mdx': mdx,
    'v1/index.mdx': mdx,
    'fr/index.mdx': mdx,
  });
  const site = loadSiteProject(dir);

  it('keeps a language and a version their own global links', () => {
    const [en] = site.navigation.sections;
    expect(en?.global?.map((s) => [s.id, s.division, s.label, s.href])).toEqual([
      ['navigation.languages[0].global.anchors[0]', 'anchor', 'Blog', 'https://blog.example.org'],
    ]);
    expect(en?.sections[0]?.global?.map((s) => s.label)).toEqual(['Changelog']);
    expect(site.navigation.global.map((s) => s.label)).toEqual(['Status']);
    expect(site.problems).toEqual([]);
  });

  it("shows a language's (and a version's) global anchors on its pages only", () => {
    expect(anchorHrefs(site, 'index')).toEqual([
      'https://status.example.org',
      'https://blog.example.org',
      'https://example.org/changelog',
    ]);
    expect(anchorHrefs(site, 'v1/index')).toEqual(['https://status.example.org', 'https://blog.example.org']);
    expect(anchorHrefs(site, 'fr/index')).toEqual(['https://status.example.org']);
  });
});
