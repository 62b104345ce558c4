/**
 * GFM footnotes in Chromium: remark-gfm labels the footnotes with a "Footnotes" heading meant for screen
 * readers only (`sr-only`), as on Mintlify, where Tailwind hides it. It took up the page as a visible h2
 * and was listed in the contents; now it is hidden there and out of them, and the footnote itself shows.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const PAGE = '---\ntitle: Notes\n---\n\n## Setup\n\nSee the note[^1].\n\n[^1]: The footnote text.\n';

const site = themeInChromium(() =>
  writeProject({ 'docs.json': docsJson({ navigation: { pages: ['index'] } }), 'index.mdx': PAGE }),
);

site.describe('footnotes in Chromium', () => {
  it('hides the footnotes label and leaves it out of the contents, showing the footnote', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const shown = await page.evaluate(() => {
      const label = document.getElementById('footnote-label');
      const box = label?.getBoundingClientRect();
      const note = document.querySelector('section.footnotes li')?.getBoundingClientRect();
      return { label: box ? [box.width, box.height] : null, note: (note?.height ?? 0) > 0 };
    });
    expect(shown).toEqual({ label: [1, 1], note: true });
    const contents = await page.$$eval('a[href="#footnote-label"]', (links) =>
      links.filter((a) => !a.classList.contains('op-heading-anchor')).map((a) => a.textContent),
    );
    expect(contents).toEqual([]);
    await page.close();
  });
});
