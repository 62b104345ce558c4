/**
 * A packed project exported as a static bundle: the packed copies travel in the bundle like any project
 * image, the bundle passes verify, and opening every page in Chromium from disk asks nothing outside
 * it and logs no console error (unpacked remote media are placeholders, not blocked requests).
 */
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyBundle } from '../server/export/verify.js';
import { silentLogger } from '../server/logger.js';
import { DEFAULT_PACK_LIMITS, packProject } from '../server/pack/pack.js';
import { launchChromium } from '../server/render/chromium.js';
import { folderBase, visitManifest, type VisitedManifest } from './helpers/bundleCheck.js';
import { tempDir } from './helpers/dataDirs.js';
import { exportOnce, importExportFixture, type ExportSiteFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';
import { BYTES, remoteProject, startInternet } from './helpers/packInternet.js';
import { shotDir } from './helpers/shots.js';

const SHOTS = shotDir('pack-export');

needsChromium().describe('a packed project in a static export bundle', () => {
  let site: ExportSiteFixture;
  let zip: AdmZip;
  let outFile: string;

  beforeAll(async () => {
    const net = await startInternet();
    const limits = { ...DEFAULT_PACK_LIMITS, allowHttp: true, allowPrivateHosts: true };
    const packed = await packProject(remoteProject(net.base), join(tempDir(), 'packed.zip'), limits, silentLogger());
    await net.close();
    site = await importExportFixture(packed.out);
    outFile = (await exportOnce(site)).outFile;
    zip = new AdmZip(outFile);
  }, 240_000);
  afterAll(() => site.rt.close());

  it('carries the packed images in the bundle and passes verify', async () => {
    const images = zip.getEntries().filter((e) => e.getData().equals(BYTES.png));
    expect(images.length).toBeGreaterThan(0);
    expect(await verifyBundle(outFile)).toMatchObject({ ok: true, problems: [] });
  });

  it('opens every page from disk with no request leaving the bundle and no console error', async () => {
    const dir = join(tempDir(), 'unzipped');
    zip.extractAllTo(dir, true);
    const manifest = JSON.parse(zip.readAsText('manifest.json')) as VisitedManifest;
    const base = folderBase(dir);
    const browser = await launchChromium();
    try {
      const visit = await visitManifest(browser, base, manifest);
      expect(visit).toMatchObject({ blocked: [], failed: [], consoleErrors: [] });
      const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
      await page.goto(`${base}index.html`, { waitUntil: 'load' });
      const shown = await page.$$eval('main img', (imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
      expect(shown).toContain(480);
      await page.screenshot({ path: join(SHOTS, 'pack-bundle-index.png') });
      await page.goto(`${base}media.html`, { waitUntil: 'load' });
      await page.screenshot({ path: join(SHOTS, 'pack-bundle-media.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  }, 120_000);
});
