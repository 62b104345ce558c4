/**
 * docs.json's `theme: "palm"` spans the whole window, the sidebar at its left edge and the table of
 * contents at its right (Mintlify's answer in mintlify/docs issue 519). Ours once centred palm's page
 * in 92rem like mint's.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ theme: 'palm' }),
    'index.mdx': '---\ntitle: Wide\n---\n\n## Getting started\n\nPlain text.\n\n## More\n\nText.\n',
  }),
);

/** The left edges of the sidebar and the header's logo, and the right edge of the TOC, at 1920px. */
async function edges(theme: string): Promise<{ sidebar: number; logo: number; toc: number }> {
  const page = await site.browser.newPage({ viewport: { width: 1920, height: 1000 } });
  await page.goto(`${site.server.url}/`);
  const found = await page.evaluate((name) => {
    document.documentElement.setAttribute('data-op-theme', name);
    const box = (selector: string): DOMRect => {
      const el = document.querySelector(selector);
      if (!el) throw new Error(`${selector}: missing`);
      return el.getBoundingClientRect();
    };
    return {
      sidebar: box('.op-sidebar').left,
      logo: box('.op-header-inner').left,
      toc: window.innerWidth - box('.op-content-wrap').right,
    };
  }, theme);
  await page.close();
  return found;
}

site.describe('the palm theme in Chromium', () => {
  it('puts the sidebar at the window’s left edge and the table of contents at its right', async () => {
    expect(await edges('palm')).toEqual({ sidebar: 0, logo: 0, toc: 0 });
  }, 60_000);

  it('keeps mint centred', async () => {
    expect(await edges('mint')).toEqual({ sidebar: 224, logo: 224, toc: 224 });
  }, 60_000);
});
