/**
 * A changelog whose updates have tags shows tag filters in the table of contents' place, as Mintlify's
 * does (docs: create/changelogs, "Tag filters"): a checkbox per tag; with tags checked, only the updates
 * that have every checked tag are shown, and updates without tags are hidden; unchecked, all come back.
 * A changelog without tags keeps "On this page".
 */
import type { Page } from '../server/render/chromium.js';
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const update = (label: string, tags: readonly string[] | null, text: string): string =>
  `<Update label="${label}"${tags === null ? '' : ` tags={${JSON.stringify(tags)}}`}>\n  ${text}\n</Update>\n`;

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ navigation: { pages: ['changelog', 'plain'] } }),
    'changelog.mdx':
      '---\ntitle: Changelog\n---\n\n' +
      [
        update('March 2025', ['Wintergreen', 'Spearmint'], 'Both flavours.'),
        update('February 2025', ['Spearmint'], 'Spearmint only.'),
        update('January 2025', null, 'No tags.'),
      ].join('\n---\n\n'),
    'plain.mdx': `---\ntitle: Plain\n---\n\n${update('May 2025', null, 'Untagged.')}`,
  }),
);

/** The labels of the updates shown. */
const shown = (page: Page): Promise<string[]> => page.locator('.op-update:visible .op-update-label').allTextContents();

site.describe('changelog tag filters in Chromium', () => {
  it('put a checkbox per tag in the table of contents and show the updates with every checked tag', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${site.server.url}/changelog`);
      const toc = page.locator('nav.op-toc');
      await expect.poll(() => toc.locator('.op-toc-title').textContent()).toBe('Filters');
      expect(await toc.locator('label').allTextContents()).toEqual(['Wintergreen', 'Spearmint']);
      expect(await toc.locator('[data-op-toc-link]').count()).toBe(0);
      expect(await shown(page)).toEqual(['March 2025', 'February 2025', 'January 2025']);

      await toc.getByLabel('Spearmint').check();
      expect(await shown(page)).toEqual(['March 2025', 'February 2025']);
      await toc.getByLabel('Wintergreen').check();
      expect(await shown(page)).toEqual(['March 2025']);
      // No two rules in a row where a hidden update stood between them.
      expect(await page.locator('hr:visible').count()).toBe(0);
      await toc.getByLabel('Spearmint').uncheck();
      await toc.getByLabel('Wintergreen').uncheck();
      expect(await shown(page)).toEqual(['March 2025', 'February 2025', 'January 2025']);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('keep "On this page" on a changelog without tags', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${site.server.url}/plain`);
      await page.waitForLoadState('load');
      expect(await page.locator('nav.op-toc .op-toc-title').textContent()).toBe('On this page');
      expect(await page.locator('nav.op-toc [data-op-toc-link]').count()).toBe(1);
      expect(await page.locator('nav.op-toc input').count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 60_000);
});
