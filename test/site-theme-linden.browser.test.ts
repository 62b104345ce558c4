/**
 * docs.json's `theme: "linden"` is Mintlify's "retro terminal" theme, set in monospace throughout (its
 * themes page). Ours once drew every theme in the same sans-serif.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ theme: 'linden' }),
    'index.mdx': '---\ntitle: Terminal\n---\n\n## Getting started\n\nPlain text.\n',
  }),
);

site.describe('the linden theme in Chromium', () => {
  it('sets the page text, headings and navigation in monospace', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/`);
    const fonts = await page.evaluate(() =>
      ['.op-prose p', '.op-prose h2', 'h1', '.op-sidebar a'].map((selector) => {
        const el = document.querySelector(selector);
        return el ? getComputedStyle(el).fontFamily : `${selector}: missing`;
      }),
    );
    await page.close();
    for (const family of fonts) expect(family).toMatch(/^ui-monospace,.*monospace$/);
  }, 60_000);
});
