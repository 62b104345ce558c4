/**
 * A bundle of a site in several languages keeps each reader's search to their language, from disk as on
 * the live site: the export carries the index's languages (its manifest) into the bundle, and a reader
 * of the French pages searching a word both languages use gets the French pages only. A language's
 * folder with no page of its own (`fr/`) leads to its first page, as the live site's `/fr` does.
 */
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, type Browser } from '../server/render/chromium.js';
import { folderBase } from './helpers/bundleCheck.js';
import { tempDir } from './helpers/dataDirs.js';
import { exportOnce, importExportFixture, type ExportSiteFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';
import { writeProject } from './helpers/siteProjects.js';

const page = (title: string, body: string): string => `---\ntitle: ${title}\n---\n\n${body}\n`;

function project(): string {
  return writeProject({
    'docs.json': {
      name: 'Bilingual',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: {
        languages: [
          { language: 'en', groups: [{ group: 'Start', pages: ['en/index', 'en/webhooks'] }] },
          { language: 'fr', groups: [{ group: 'Début', pages: ['fr/accueil', 'fr/webhooks'] }] },
        ],
      },
    },
    'en/index.mdx': page('Home', 'Welcome.'),
    'en/webhooks.mdx': page('Webhooks', 'Webhooks tell your server when something happens.'),
    'fr/accueil.mdx': page('Accueil', 'Bienvenue.'),
    'fr/webhooks.mdx': page('Les webhooks', 'Les webhooks préviennent votre serveur.'),
  });
}

needsChromium().describe("search in a bundle of several languages keeps to the reader's", () => {
  let site: ExportSiteFixture;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    site = await importExportFixture(project());
    const dir = tempDir('offprint-search-languages-');
    new AdmZip((await exportOnce(site)).outFile).extractAllTo(dir, true);
    base = folderBase(dir);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    site?.rt.close();
  });

  /** The result links of searching `query` on bundle page `file`, bundle-relative. */
  const results = async (file: string, query: string): Promise<string[]> => {
    const tab = await browser.newPage();
    try {
      await tab.goto(`${base}${file}`);
      await tab.waitForLoadState('load');
      await tab.keyboard.press('Control+k');
      await tab.waitForSelector('dialog.op-search-dialog[open]');
      await tab.keyboard.type(query);
      await tab.waitForSelector('.op-search-result');
      const hrefs = await tab.$$eval('.op-search-result a', (links) => links.map((a) => (a as HTMLAnchorElement).href));
      return hrefs.map((href) => href.replace(base, '').split('#')[0] ?? '');
    } finally {
      await tab.close();
    }
  };

  it('finds the French page for a French reader and the English one for an English reader, from disk', async () => {
    expect(await results('fr/accueil.html', 'webhooks')).toEqual(['fr/webhooks.html']);
    expect(await results('en/index.html', 'webhooks')).toEqual(['en/webhooks.html']);
  }, 60_000);

  it("leads from the French folder's own index to the first French page, from disk", async () => {
    // A static host answers /fr/ with fr/index.html; the bundle had none, and a reader typing /fr got a 404.
    const tab = await browser.newPage();
    try {
      await tab.goto(`${base}fr/index.html`);
      await tab.waitForURL(`${base}fr/accueil.html`);
      expect(await tab.locator('h1').first().textContent()).toBe('Accueil');
    } finally {
      await tab.close();
    }
  }, 60_000);
});
