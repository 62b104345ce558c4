/**
 * A bundle exported with features other than the air-gapped defaults, in real Chromium: a client-hosted
 * bundle carries the chosen collectors and, with search off, no search. The feature rules themselves are
 * in export-features.test.ts.
 */
import AdmZip from 'adm-zip';
import { expect, it } from 'vitest';
import { resolveExportFeatures } from '../server/exportSpec/features.js';
import { verifyBundle } from '../server/export/verify.js';
import { AIR_GAPPED, exportFixture, exportOnce, importExportFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';

const defaults = { collectorUrl: 'http://127.0.0.1:4101' };

needsChromium().describe('an exported bundle by deployment kind', () => {
  it('a client-hosted bundle posts to its collectors, with search off has no search, without its root page has an index.html', async () => {
    const site = await importExportFixture(exportFixture());
    const features = resolveExportFeatures('client-hosted', { search: false }, defaults);
    const { outFile } = await exportOnce(site, {
      options: { ...AIR_GAPPED, deployment: 'client-hosted', features, paths: ['/guides/intro'] },
    });
    const zip = new AdmZip(outFile);
    const page = zip.readAsText('guides/intro.html');
    expect(page).toContain('data-op-export="client-hosted"');
    expect(page).toContain(`data-op-feedback-collector="${defaults.collectorUrl}"`);
    expect(page).toContain(`data-op-analytics="${defaults.collectorUrl}"`);
    expect(page).toContain('data-op-feedback=""');
    expect(page).not.toContain('data-op-search-open');
    expect(page).not.toContain('op-search-index');
    expect(zip.getEntries().some((e) => e.entryName.includes('search-index'))).toBe(false);
    // Without its root page the bundle still has an entry point, leading to the first exported page.
    expect(zip.readAsText('index.html')).toContain('content="0; url=guides/intro.html"');
    const { redirects } = JSON.parse(zip.readAsText('manifest.json')) as { redirects: unknown[] };
    expect(redirects).toContainEqual({
      source: '/',
      file: 'index.html',
      destination: '/guides/intro',
    });
    expect(JSON.parse(zip.readAsText('manifest.json'))).toMatchObject({ deployment: 'client-hosted', features });
    expect((await verifyBundle(outFile)).ok).toBe(true);
  }, 60_000);
});
