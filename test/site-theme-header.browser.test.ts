/**
 * The header bar in real Chromium: Firecrawl's three navbar links, GitHub button and language switcher
 * need more room than the right third of a 1280px header. The search box must give way to them; it once
 * kept its width and the links slid under it ("Ctrl K" over "Status").
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, type Browser } from '../server/render/chromium.js';
import { needsChromium } from './helpers/needs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { startThemeServer, type ThemeServer } from './helpers/themeSite.js';

let server: ThemeServer;
let browser: Browser;

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

needsChromium().describe('header bar in Chromium', () => {
  beforeAll(async () => {
    server = await startThemeServer(crowdedProject());
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('narrows the search box so it never lies over the navbar links', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/en/index`);
    const search = await page.locator('.op-search-button').boundingBox();
    const first = await page.locator('.op-navbar-link').first().boundingBox();
    if (search === null || first === null) throw new Error('the header has no search box or links');
    expect(search.x + search.width).toBeLessThanOrEqual(first.x);
    expect(search.width).toBeGreaterThan(150);
    await page.close();
  });
});
