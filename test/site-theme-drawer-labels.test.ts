/**
 * The phone drawer words the navbar's links and button as the header does: a legacy `mint.json`
 * `topbarCtaButton: { type: "github" }` has no label, and the drawer showed "github" where the header
 * says "GitHub" (Bytez's docs); and it adds no empty block where there is nothing to add.
 */
import { parse } from 'node-html-parser';
import { expect, it } from 'vitest';
import { writeProject } from './helpers/siteProjects.js';
import { renderSite } from './helpers/themeSite.js';

it("words the navbar's GitHub button and links in the phone drawer as the header does", async () => {
  const site = await renderSite(
    writeProject({
      'mint.json': {
        name: 'Legacy',
        colors: { primary: '#0D9373' },
        topbarLinks: [{ name: 'Dashboard', url: 'https://example.com/dashboard' }],
        topbarCtaButton: { type: 'github', url: 'https://github.com/example/repo' },
        navigation: [{ group: 'Start', pages: ['index'] }],
      },
      'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
    }),
  );
  const root = parse(site.pages.get('/')?.html ?? '');
  const drawer = root.querySelectorAll('.op-sidebar .op-drawer-navbar a').map((a) => a.text.trim());
  const header = root.querySelectorAll('.op-navbar a').map((a) => a.text.trim());
  expect(drawer).toEqual(['Dashboard', 'GitHub']);
  expect(header).toEqual(drawer);
});

it('adds no empty block under the drawer head when there are no tabs or navbar links (Herald)', async () => {
  const site = await renderSite(
    writeProject({
      'docs.json': { name: 'Plain', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] } },
      'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
    }),
  );
  const root = parse(site.pages.get('/')?.html ?? '');
  expect(root.querySelector('.op-sidebar .op-drawer-head')).not.toBeNull();
  expect(root.querySelector('.op-drawer-extras')).toBeNull();
});
