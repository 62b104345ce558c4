/**
 * In Chromium, a hash written the GitHub way (`#whats-next` for Mintlify's `#what’s-next`,
 * `#options--flags-v20-1` for the second "Options & flags (v2.0)", `#options--flags-v2-0-2` in
 * Mintlify's numbering) or in another case lands on its heading: the page script resolves it
 * (theme/client/anchors.ts) where the browser finds no element, on load and when a link is followed.
 */
import { expect } from 'vitest';
import { launchChromium, type Page } from '../server/render/chromium.js';
import { needs, CHROMIUM } from './helpers/needs.js';
import { ALL_SHAPES } from './helpers/siteProjects.js';
import { startThemeServer } from './helpers/themeSite.js';

/** Hash as written -> the id of the heading it must land on (test/fixtures/all-shapes/quickstart.mdx). */
const HASHES: Record<string, string> = {
  '#whats-next': 'what’s-next',
  '#options--flags-v20-1': 'options-&-flags-v2-0-2',
  '#What%E2%80%99s-Next': 'what’s-next',
  // Punctuation the ids drop, kept in the hash (Continue links `#tui-mode%3A-interactive-development`).
  '#what%E2%80%99s-next%3F': 'what’s-next',
  '#1.-install-the-cli': '1-install-the-cli',
  '#options-&-flags-(v2.0)': 'options-&-flags-v2-0',
};

/** The heading with `id` when it is inside the viewport, else null. */
async function onScreen(page: Page, id: string): Promise<string | null> {
  return page.evaluate((wanted) => {
    const el = document.getElementById(wanted);
    const top = el?.getBoundingClientRect().top ?? -1;
    return el !== null && top >= 0 && top < window.innerHeight ? el.id : null;
  }, id);
}

needs(CHROMIUM).it(
  'GitHub-style and differently cased hashes land on their heading',
  async () => {
    const server = await startThemeServer(ALL_SHAPES);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 500 } });
      for (const [hash, id] of Object.entries(HASHES)) {
        await page.goto(`${server.url}/quickstart${hash}`);
        await expect.poll(() => onScreen(page, id), { timeout: 5000 }).toBe(id);
      }
      // A same-page link written the GitHub way, followed from the top of the page.
      await page.goto(`${server.url}/quickstart`);
      await page.click('a[href="#whats-next"]');
      await expect.poll(() => onScreen(page, 'what’s-next'), { timeout: 5000 }).toBe('what’s-next');
    } finally {
      await browser.close();
      await server.close();
    }
  },
  120_000,
);
