/**
 * docs.json's `theme` sets the header bar's and the tab bar's heights, as Mintlify's inline scroll-top
 * script adds them up per theme (aspen 3.5rem + 2.5rem, sequoia 3rem + 3rem, almond 3.5rem, luma 3rem,
 * mint 4rem). Ours once drew every theme's header at mint's height.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const page = (title: string): string => `---\ntitle: ${title}\n---\n\nText.\n`;

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({
      theme: 'aspen',
      navigation: {
        tabs: [
          { tab: 'Guides', groups: [{ group: 'Start', pages: ['index'] }] },
          { tab: 'Reference', groups: [{ group: 'API', pages: ['api'] }] },
        ],
      },
    }),
    'index.mdx': page('Home'),
    'api.mdx': page('API'),
  }),
);

interface Heights {
  readonly navbar: number;
  readonly tabbar: number;
  readonly sidebarTop: number;
}

/** The bar's, the tab bar's heights and the sidebar's top, in px, under `theme` (or the page's own). */
async function heights(theme?: string): Promise<Heights> {
  const tab = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await tab.goto(`${site.server.url}/`);
  const measured = await tab.evaluate((name) => {
    if (name !== undefined) document.documentElement.setAttribute('data-op-theme', name);
    const box = (selector: string): DOMRect => {
      const el = document.querySelector(selector);
      if (!el) throw new Error(`${selector}: missing`);
      return el.getBoundingClientRect();
    };
    return {
      navbar: box('.op-header-inner').height,
      tabbar: box('.op-tabbar-inner').height,
      sidebarTop: parseFloat(getComputedStyle(document.querySelector('.op-sidebar') as Element).top),
    };
  }, theme);
  await tab.close();
  return measured;
}

site.describe('header heights by theme in Chromium', () => {
  it('draws aspen with a 3.5rem bar and a 2.5rem tab bar, the sidebar under both', async () => {
    expect(await heights()).toEqual({ navbar: 56, tabbar: 40, sidebarTop: 96 });
  }, 60_000);

  it('gives sequoia 3rem and 3rem, almond a 3.5rem bar, luma a 3rem bar, mint 4rem', async () => {
    expect(await heights('sequoia')).toEqual({ navbar: 48, tabbar: 48, sidebarTop: 96 });
    expect(await heights('almond')).toMatchObject({ navbar: 56, sidebarTop: 56 + 44 });
    expect(await heights('luma')).toMatchObject({ navbar: 48, sidebarTop: 48 + 44 });
    expect(await heights('mint')).toEqual({ navbar: 64, tabbar: 44, sidebarTop: 108 });
  }, 60_000);
});
