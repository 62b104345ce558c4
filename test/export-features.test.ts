/**
 * Features of an exported site by deployment kind (the spec's table, with offline search for air-gapped
 * bundles): defaults, what a request may change, and clear validation errors for what a kind cannot
 * have. A bundle exported with them is in export-pipeline-features.browser.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../server/errors.js';
import { exportFeaturesSchema, resolveExportFeatures } from '../server/exportSpec/features.js';

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
});
