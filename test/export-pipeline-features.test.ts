/**
 * Features of an exported site by deployment kind (the spec's table, with offline search for air-gapped
 * bundles): defaults, what a request may change, clear validation errors for what a kind cannot have,
 * and a client-hosted bundle whose pages carry the chosen collectors and no search.
 */
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';
import { AppError } from '../server/errors.js';
import { exportFeaturesSchema, resolveExportFeatures } from '../server/exportSpec/features.js';
import { verifyBundle } from '../server/export/verify.js';
import { findChromium } from '../server/render/chromium.js';
import { AIR_GAPPED, exportFixture, exportOnce, importExportFixture } from './helpers/exportRun.js';

const defaults = { collectorUrl: 'http://127.0.0.1:4101' };

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return error.details.map((d) => d.message);
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('export features by deployment kind', () => {
  it('air-gapped: offline search only, unless a collector or playground servers are given', () => {
    expect(resolveExportFeatures('air-gapped', undefined, defaults)).toEqual({
      search: true,
      feedback: null,
      analytics: null,
      apiPlayground: null,
      assistant: false,
    });
    expect(
      resolveExportFeatures(
        'air-gapped',
        {
          search: false,
          feedback: { collectorUrl: 'https://feedback.intranet' },
          apiPlayground: { baseUrls: ['https://api.intranet'] },
        },
        defaults,
      ),
    ).toEqual({
      search: false,
      feedback: { collectorUrl: 'https://feedback.intranet' },
      analytics: null,
      apiPlayground: { baseUrls: ['https://api.intranet'] },
      assistant: false,
    });
  });

  it('air-gapped: asking for analytics, the assistant or a collector-less feedback lists every problem', () => {
    expect(
      problemsOf(() =>
        resolveExportFeatures(
          'air-gapped',
          { analytics: true, assistant: true, feedback: true, apiPlayground: true },
          defaults,
        ),
      ),
    ).toEqual([
      'features.assistant: the AI assistant is not available on air-gapped deployments',
      'features.apiPlayground: air-gapped bundles need features.apiPlayground.baseUrls (reachable servers)',
      'features.feedback: air-gapped bundles have feedback widgets only with features.feedback.collectorUrl ' +
        '(a collector reachable from the air-gapped network)',
      'features.analytics: air-gapped bundles contain no analytics',
    ]);
  });

  it('client-hosted and cloud: search, feedback and analytics to the default collector, playground on', () => {
    for (const kind of ['client-hosted', 'cloud'] as const) {
      expect(resolveExportFeatures(kind, undefined, defaults)).toEqual({
        search: true,
        feedback: { collectorUrl: defaults.collectorUrl },
        analytics: { collectorUrl: defaults.collectorUrl },
        apiPlayground: { baseUrls: [] },
        assistant: false,
      });
    }
    expect(
      resolveExportFeatures('cloud', { analytics: false, feedback: { collectorUrl: 'https://c.example' } }, defaults),
    ).toMatchObject({ analytics: null, feedback: { collectorUrl: 'https://c.example' } });
    expect(problemsOf(() => resolveExportFeatures('cloud', { feedback: true }, { collectorUrl: null }))).toEqual([
      'features.feedback: no default collector is configured; give features.feedback.collectorUrl',
    ]);
    expect(problemsOf(() => resolveExportFeatures('cloud', { assistant: true }, defaults))).toEqual([
      'features.assistant: exported bundles do not include the AI assistant (it needs the cloud service)',
    ]);
  });

  it('the request schema refuses unknown features and non-http collectors', () => {
    expect(exportFeaturesSchema.safeParse({ search: true, chat: true }).success).toBe(false);
    expect(exportFeaturesSchema.safeParse({ feedback: { collectorUrl: 'ftp://x' } }).success).toBe(false);
    expect(exportFeaturesSchema.safeParse({ feedback: { collectorUrl: 'https://x.example/c' } }).success).toBe(true);
  });

  it.skipIf(findChromium() === null)(
    'a client-hosted bundle posts to its collectors, with search off has no search, without its root page has an index.html',
    async () => {
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
    },
    60_000,
  );
});
