/**
 * The header bar in real Chromium: Firecrawl's three navbar links, GitHub button and language switcher
 * need more room than the right third of a 1280px header. The search box must give way to them; it once
 * kept its width and the links slid under it ("Ctrl K" over "Status"). The left side likewise: the Model
 * Context Protocol's long name and version switcher ran under the search box.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { startThemeServer } from './helpers/themeSite.js';
import { themeInChromium } from './helpers/themeInChromium.js';

function crowdedProject(): string {
  const pages = (lang: string): Record<string, unknown> => ({ language: lang, pages: [`${lang}/index`] });
  return writeProject({
    'docs.json': docsJson({
      navbar: {
        links: [
          { label: 'Status', href: 'https://status.example.com' },
          { label: 'Support', href: 'mailto:help@example.com' },
          { label: 'Sign Up', href: 'https://example.com/signin' },
        ],
        primary: { type: 'github', href: 'https://github.com/example/example' },
      },
      navigation: { languages: [pages('en'), pages('zh')] },
    }),
    'en/index.mdx': '---\ntitle: Home\n---\n\nBody.\n',
    'zh/index.mdx': '---\ntitle: 首页\n---\n\nBody.\n',
  });
}

/** The Model Context Protocol's header: a long text logo and a version switcher with long labels. */
function versionedProject(): string {
  const version = (label: string, dir: string): Record<string, unknown> => ({
    version: label,
    pages: [`${dir}/index`],
  });
  return writeProject({
    'docs.json': docsJson({
      name: 'Model Context Protocol',
      navbar: {
        links: [
          { label: 'Blog', href: 'https://blog.example.com' },
          { label: 'GitHub', href: 'https://github.com/example' },
        ],
      },
      navigation: { versions: [version('Version 2026-07-28 (latest)', 'v2'), version('Version 2025-11-25', 'v1')] },
    }),
    'v2/index.mdx': '---\ntitle: Home\n---\n\nBody.\n',
    'v1/index.mdx': '---\ntitle: Home\n---\n\nBody.\n',
  });
}

const site = themeInChromium(crowdedProject);

site.describe('header bar in Chromium', () => {
  it('narrows the search box so it never lies over the navbar links', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/en/index`);
    const search = await page.locator('.op-search-button').boundingBox();
    const first = await page.locator('.op-navbar-link').first().boundingBox();
    if (search === null || first === null) throw new Error('the header has no search box or links');
    expect(search.x + search.width).toBeLessThanOrEqual(first.x);
    expect(search.width).toBeGreaterThan(150);
    await page.close();
  });

  it('narrows the search box so it never lies over the logo and version switcher', async () => {
    const versioned = await startThemeServer(versionedProject());
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${versioned.url}/v2/index`);
      const search = await page.locator('.op-search-button').boundingBox();
      const switcher = await page.locator('.op-header-left .op-switcher-button').boundingBox();
      if (search === null || switcher === null) throw new Error('the header has no search box or switcher');
      expect(switcher.x + switcher.width).toBeLessThanOrEqual(search.x);
      expect(search.width).toBeGreaterThan(150);
    } finally {
      await page.close();
      await versioned.close();
    }
  });

  it('keeps the search and theme buttons on a phone when the text logo is long (Spree Commerce documentation)', async () => {
    const named = await startThemeServer(
      writeProject({
        'docs.json': docsJson({ name: 'Spree Commerce documentation', navigation: { pages: ['index'] } }),
        'index.mdx': '---\ntitle: Home\n---\n\nBody.\n',
      }),
    );
    const page = await site.browser.newPage({ viewport: { width: 390, height: 800 } });
    try {
      await page.goto(`${named.url}/`);
      for (const selector of ['.op-search-mobile', '.op-theme-toggle']) {
        const box = await page.locator(selector).first().boundingBox();
        if (box === null) throw new Error(`the header has no ${selector}`);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      const logo = await page.locator('.op-logo-text').boundingBox();
      if (logo === null) throw new Error('the header has no text logo');
      expect(logo.width).toBeGreaterThan(100);
    } finally {
      await page.close();
      await named.close();
    }
  });
});
