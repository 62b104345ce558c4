/**
 * A sidebar entry whose icon cannot be drawn (a Font Awesome Pro name, which Mintlify loads from its CDN)
 * keeps the icon's room, so its label lines up with its neighbours' (Trails' "Pricing & Fees",
 * `icon: badge-dollar`, started 24 px left of the entries around it); an entry with no icon gets none.
 */
import { parse } from 'node-html-parser';
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { renderSite } from './helpers/themeSite.js';

it('keeps the room of an icon it cannot draw, and adds none where no icon is named', async () => {
  const site = await renderSite(
    writeProject({
      'docs.json': docsJson({ navigation: { groups: [{ group: 'Start', pages: ['works', 'fees', 'plain'] }] } }),
      'works.mdx': '---\ntitle: How it works\nicon: bolt\n---\n\nText.\n',
      'fees.mdx': '---\ntitle: Pricing & Fees\nicon: badge-dollar\n---\n\nText.\n',
      'plain.mdx': '---\ntitle: Plain\n---\n\nText.\n',
    }),
  );
  const html = site.pages.get('/works')?.html ?? '';
  const links = parse(html).querySelectorAll('.op-sidebar a.op-nav-link');
  const iconOf = (label: string) =>
    links.find((a) => a.querySelector('.op-nav-label')?.text === label)?.querySelector('.op-nav-icon') ?? null;
  expect(iconOf('How it works')?.querySelector('svg')).not.toBeNull();
  const kept = iconOf('Pricing & Fees');
  expect(kept).not.toBeNull();
  expect(kept?.innerHTML).toBe('');
  expect(iconOf('Plain')).toBeNull();
});
