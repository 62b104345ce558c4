/**
 * Content emoji in a static export bundle: the images a bundle's pages show are in it, content-hashed
 * like every asset, and no other emoji image is; the bundle still verifies, and a second export gives
 * the same emoji files.
 */
import AdmZip from 'adm-zip';
import { expect, it } from 'vitest';
import { verifyBundle } from '../server/export/verify.js';
import { AIR_GAPPED, exportFixture, exportOnce, importExportFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';

const EMOJI_PAGE = ['---', 'title: Launch 🚀', '---', '', 'Shipped ✅ on time.', '', '```bash', 'echo "🎉"', '```', ''];

/** `_assets/<name>.<hash>.svg` entries that are emoji images (named by code points). */
function emojiEntries(zip: AdmZip): string[] {
  return zip
    .getEntries()
    .map((e) => e.entryName)
    .filter((name) => /^_assets\/[0-9a-f]{4,6}(-[0-9a-f]{4,6})*\.[0-9a-f]+\.svg$/.test(name))
    .sort();
}

needsChromium().describe('emoji in an exported bundle', () => {
  it('carries exactly the emoji images its pages show, deterministically', async () => {
    const site = await importExportFixture(exportFixture({ 'extras/emoji.mdx': EMOJI_PAGE.join('\n') }));
    const options = { ...AIR_GAPPED, paths: ['/extras/emoji', '/guides/intro'] };
    const first = await exportOnce(site, { options });
    const zip = new AdmZip(first.outFile);
    const entries = emojiEntries(zip);
    // The rocket (title, sidebar) and the check mark (prose); the party popper is code, kept as text.
    expect(entries.map((e) => e.split('/')[1]?.split('.')[0])).toEqual(['1f680', '2705']);
    const page = zip.readAsText('extras/emoji.html');
    for (const entry of entries) expect(page).toContain(`src="../${entry}"`);
    expect(page).toContain('alt="🚀"');
    expect(page).not.toContain('/_offprint/emoji/');
    expect((await verifyBundle(first.outFile)).ok).toBe(true);
    const second = await exportOnce(site, { options });
    const again = new AdmZip(second.outFile);
    expect(emojiEntries(again)).toEqual(entries);
    for (const entry of entries) expect(again.readFile(entry)).toEqual(zip.readFile(entry));
  }, 120_000);
});
