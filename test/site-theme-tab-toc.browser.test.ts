/**
 * Headings inside `<Tab>` panels and the table of contents: Mintlify tags each TOC entry with the tab it
 * sits in (remarkExtractTableOfContents' `tabId`) and never nests one under another tab's heading, so its
 * list holds the selected tab's headings only, and follows the tab a reader selects (a page with the
 * same install steps per package manager lists them once).
 */
import { expect, it } from 'vitest';
import { type Page } from '../server/render/chromium.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const PAGE = `---
title: Install
---

## Before tabs

Intro.

<Tabs>
  <Tab title="npm">
    ## Install with npm

    Run npm.

    ### npm options

    Flags.
  </Tab>
  <Tab title="yarn">
    ## Install with yarn

    Run yarn.
  </Tab>
</Tabs>

## After tabs

Outro.
`;

const site = themeInChromium(() => writeProject({ 'docs.json': docsJson(), 'index.mdx': PAGE }));

/** The TOC entries a reader sees, by their text. */
function shownToc(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('[data-op-toc-link]')]
      .filter((link) => link.getClientRects().length > 0)
      .map((link) => link.textContent ?? ''),
  );
}

site.describe('Tab panels and the table of contents in Chromium', () => {
  it("lists the selected tab's headings only, and another tab's once it is selected", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    await expect.poll(() => shownToc(page)).toEqual(['Before tabs', 'Install with npm', 'npm options', 'After tabs']);
    await page.locator('[data-op-tab="yarn"]').click();
    await expect.poll(() => shownToc(page)).toEqual(['Before tabs', 'Install with yarn', 'After tabs']);
    await page.close();
  });
});
