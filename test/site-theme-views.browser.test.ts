/**
 * A page written once per language with `<View>`: Mintlify draws only the selected view (view.tsx), so
 * its table of contents lists each heading once, for the view being read, and follows the view selector;
 * the scroll-spy never marks a heading of a view not shown (Stagehand's act page: "Why use act()?" per
 * language).
 */
import { expect, it } from 'vitest';
import { type Page } from '../server/render/chromium.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const FILLER = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of the setup, long enough to scroll.`).join(
  '\n\n',
);

const PAGE = `---
title: Act
description: Interact with a web page.
---

<View title="TypeScript" icon="js">

## Setup

Install the TypeScript package.

${FILLER}

</View>

<View title="Python" icon="python">

## Setup

Install the Python package.

</View>

## Next steps

${FILLER}
`;

const site = themeInChromium(() => writeProject({ 'docs.json': docsJson(), 'index.mdx': PAGE }));

async function open(): Promise<Page> {
  const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`${site.server.url}/`);
  await page.locator('.op-view-option').first().waitFor();
  return page;
}

/** The TOC entries a reader sees, as [text, heading id]. */
function shownToc(page: Page): Promise<string[][]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('[data-op-toc-link]')]
      .filter((link) => link.getClientRects().length > 0)
      .map((link) => [link.textContent ?? '', link.dataset['opTocLink'] ?? '']),
  );
}

site.describe('View and the table of contents in Chromium', () => {
  it("lists the selected view's headings once, and the other view's when it is selected", async () => {
    const page = await open();
    expect(await shownToc(page)).toEqual([
      ['Setup', 'setup'],
      ['Next steps', 'next-steps'],
    ]);
    // Mintlify's classes for the view selector and its options (constants/selectors.ts).
    expect(await page.locator('.multi-view-dropdown .multi-view-dropdown-item').allTextContents()).toEqual([
      'TypeScript',
      'Python',
    ]);
    const python = await page.locator('[data-op-view="Python"] h2').getAttribute('id');
    await page.locator('.op-view-option', { hasText: 'Python' }).click();
    expect(await shownToc(page)).toEqual([
      ['Setup', python],
      ['Next steps', 'next-steps'],
    ]);
    await page.close();
  });

  it('marks the heading being read in the shown view, never one of a hidden view', async () => {
    const page = await open();
    const active = (): Promise<string | null | undefined> =>
      page.evaluate(() => document.querySelector('.op-toc-link.is-active')?.getAttribute('data-op-toc-link'));
    const scrollPast = (id: string, by: number): Promise<void> =>
      page.evaluate(
        ([target, extra]) => {
          const heading = document.getElementById(String(target));
          window.scrollTo(0, (heading?.getBoundingClientRect().top ?? 0) + window.scrollY + Number(extra));
        },
        [id, by],
      );
    // First down to "Next steps", so that the mark moves, then back to just past the TypeScript "Setup".
    await scrollPast('next-steps', 0);
    await expect.poll(active).toBe('next-steps');
    await scrollPast('setup', 300);
    await expect.poll(active).toBe('setup');
    await page.close();
  });
});
