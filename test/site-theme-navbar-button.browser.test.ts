/**
 * The navbar's primary button in real Chromium takes `colors.dark` in light and dark mode alike, as
 * Mintlify's topbar button does (`bg-primary-dark`, no dark-mode variant, white text; docs.json reference:
 * "dark: the color used for buttons … across both light and dark modes"), not `colors.primary` in light mode.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

function project(): string {
  return writeProject({
    'docs.json': docsJson({
      colors: { primary: '#16A34A', light: '#4ADE80', dark: '#15803D' },
      navbar: { primary: { type: 'button', label: 'Sign up', href: 'https://example.com/signup' } },
    }),
    'index.mdx': '---\ntitle: Home\n---\n\nBody.\n',
  });
}

const site = themeInChromium(project);

site.describe("navbar's primary button in Chromium", () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`draws it in colors.dark with white text in ${colorScheme} mode`, async () => {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
      await page.goto(`${site.server.url}/`);
      const drawn = await page
        .locator('.op-navbar-primary')
        .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
      expect(drawn).toEqual(['rgb(21, 128, 61)', 'rgb(255, 255, 255)']);
      await page.close();
    }, 60_000);
  }
});
