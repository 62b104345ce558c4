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

it("repeats the header's version and language menus in the drawer, and keeps an emoji beside its label", async () => {
  const site = await renderSite(
    writeProject({
      'docs.json': {
        name: 'Versions',
        theme: 'mint',
        colors: { primary: '#0D9373' },
        navbar: { links: [{ label: '⭐ 23k+', href: 'https://example.com/stars' }] },
        navigation: {
          versions: [
            { version: 'v2', default: true, pages: ['index'] },
            { version: 'v1', pages: ['v1/index'] },
          ],
        },
      },
      'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
      'v1/index.mdx': '---\ntitle: Old home\n---\n\nHello.\n',
    }),
  );
  const root = parse(site.pages.get('/')?.html ?? '');
  const menu = root.querySelector('.op-sidebar .op-drawer-switchers .op-switcher-version');
  expect(menu?.querySelectorAll('.op-switcher-option').map((o) => o.text.trim())).toEqual(['v2', 'v1']);
  expect(menu?.querySelectorAll('.op-switcher-option')[1]?.getAttribute('href')).toMatch(/v1\/index$/);
  // The label is one flex item, whatever the emoji becomes (an image), and the arrow the next.
  const link = root.querySelector('.op-sidebar .op-drawer-navbar a');
  const [label, arrow, ...rest] = link?.childNodes ?? [];
  expect(label?.text).toContain('23k+');
  expect(arrow?.toString()).toContain('op-external');
  expect(rest).toEqual([]);
});
