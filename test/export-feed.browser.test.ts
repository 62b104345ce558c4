/**
 * A changelog feed in a static export bundle: the page with `rss: true` keeps its feed at the same path
 * as on the live site (`extras/changelog/rss.xml` beside `extras/changelog.html`, where a static host
 * serves `/extras/changelog/rss.xml`), its button and head link lead there relatively (from disk too),
 * the feed's links are on the published origin, and the bundle verifies.
 */
import AdmZip from 'adm-zip';
import { expect, it } from 'vitest';
import { verifyBundle } from '../server/export/verify.js';
import { AIR_GAPPED, exportFixture, exportOnce, importExportFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';

const CHANGELOG = [
  '---',
  'title: Changelog',
  'rss: true',
  '---',
  '',
  '<Update label="2025-02-01" description="Faster export">',
  '  See [the intro](/guides/intro).',
  '</Update>',
  '',
].join('\n');

needsChromium().describe('a changelog feed in an exported bundle', () => {
  it('is carried at its live path, linked relatively, with links on the published origin', async () => {
    const site = await importExportFixture(exportFixture({ 'extras/changelog.mdx': CHANGELOG }));
    const options = { ...AIR_GAPPED, paths: ['/extras/changelog', '/guides/intro'] };
    const { outFile } = await exportOnce(site, { options });
    const zip = new AdmZip(outFile);
    const page = zip.readAsText('extras/changelog.html');
    expect(page).toMatch(/<a class="op-rss" href="changelog\/rss.xml"/);
    expect(page).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="changelog\/rss.xml">/);
    const feed = zip.readAsText('extras/changelog/rss.xml');
    const published = `https://${site.domain}`;
    expect(feed).toContain(`<link>${published}/extras/changelog</link>`);
    expect(feed).toContain(`<link>${published}/extras/changelog#2025-02-01</link>`);
    expect(feed).toContain(`href="${published}/guides/intro"`);
    expect(feed).not.toContain('127.0.0.1');
    // Only the page that asks for one has a feed.
    expect(
      zip
        .getEntries()
        .filter((e) => e.entryName.endsWith('rss.xml'))
        .map((e) => e.entryName),
    ).toEqual(['extras/changelog/rss.xml']);
    const verified = await verifyBundle(outFile);
    expect(verified.ok, JSON.stringify(verified)).toBe(true);
  }, 120_000);
});
