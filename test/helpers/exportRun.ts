/**
 * Static export pipeline runs for the tests: a temp copy of the serve-mini fixture with pages that
 * exercise the pipeline (a diagram, math, links of every kind, an external image), imported into a
 * temp data dir, and a real playwright backend whose navigations and launches are counted.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { listProjects } from '../../server/db/projects.js';
import { importSiteAndIndex } from '../../server/domain/sites.js';
import type { ExportOptions, ExportResult, ExportRunInput } from '../../server/export/contract.js';
import { runExport } from '../../server/export/run.js';
import { projectSigner } from '../../server/export/signer.js';
import type { CdpTarget, RenderBackend, RenderBackendFactory } from '../../server/render/cdp.js';
import { playwrightRenderBackend } from '../../server/render/playwrightBackend.js';
import type { Runtime } from '../../server/runtime.js';
import { tempDir } from './dataDirs.js';
import { openTempRuntime } from './siteProjects.js';
import { SERVE_MINI } from './siteServe.js';

/** Pages added to the serve-mini copy (outside the navigation: exported all the same). */
export const EXTRA_PAGES: Readonly<Record<string, string>> = {
  'extras/diagram.mdx': [
    '---',
    'title: Diagram and math',
    '---',
    '',
    '```mermaid',
    'graph TD',
    '  A[Start] --> B{Ready?}',
    '  B -->|yes| C[Export]',
    '  B -->|no| A',
    '```',
    '',
    '$$',
    'E = mc^2',
    '$$',
    '',
    '![Logo](/images/logo.png)',
    '',
  ].join('\n'),
  'extras/links.mdx': [
    '---',
    'title: Links',
    '---',
    '',
    '- [Setup](/guides/intro#setup)',
    '- [Old intro](/old-intro)',
    '- [Beta post](/beta/post-one)',
    '- [Moved](/guides/moved)',
    '- [Nowhere](/no-such-page)',
    '- [Sheet](/files/sheet.pdf)',
    '- [Elsewhere](https://example.com/docs)',
    '- [Mail](mailto:docs@example.com)',
    '- [Gone anchor](/guides/intro#no-such-heading)',
    '- [Gone here](#nowhere)',
    '',
  ].join('\n'),
  // Remote images become placeholders in the renderer; a remote background still makes the page ask.
  'extras/external.mdx': [
    '---',
    'title: External background',
    '---',
    '',
    "<div style={{ backgroundImage: 'url(https://example.com/pixel.png)', height: '40px' }}>Background</div>",
    '',
  ].join('\n'),
};

/** A temp copy of serve-mini plus `extra` files. */
export function exportFixture(extra: Readonly<Record<string, string>> = EXTRA_PAGES): string {
  const dir = join(tempDir('offprint-export-src-'), 'site');
  cpSync(SERVE_MINI, dir, { recursive: true });
  for (const [path, content] of Object.entries(extra)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** A data dir whose default project has `source` as its site. */
export interface ExportSiteFixture {
  readonly rt: Runtime;
  readonly projectId: string;
  readonly buildId: string;
  readonly domain: string;
}

/** Opens a temp runtime and imports `source` as the default project's site (search index included). */
export async function importExportFixture(source: string): Promise<ExportSiteFixture> {
  const rt = openTempRuntime();
  const project = listProjects(rt.db)[0];
  if (project === undefined) throw new Error('no default project');
  const imported = await importSiteAndIndex(rt, project.id, source);
  return { rt, projectId: project.id, buildId: imported.buildId, domain: project.domain };
}

/** Air-gapped defaults: offline search, nothing else. */
export const AIR_GAPPED: ExportOptions = {
  deployment: 'air-gapped',
  features: { search: true, feedback: null, analytics: null, apiPlayground: null, assistant: false },
  versionLabel: null,
  paths: null,
};

/** Counts what the pipeline does with a real backend. */
export interface CountingBackend {
  readonly factory: RenderBackendFactory;
  /** `Page.navigate` commands by URL path. */
  readonly navigations: string[];
  /** Pages each target was sent to, by target in the order they were opened (`about:blank` not counted). */
  readonly pagesPerTarget: number[];
  readonly launches: () => number;
  /** The backends launched so far (to kill one from a test). */
  readonly launched: RenderBackend[];
}

/** `factory`'s browsers, each target they hand out passed through `map` (which may wrap or count it). */
export function mapTargets(factory: RenderBackendFactory, map: (target: CdpTarget) => CdpTarget): RenderBackendFactory {
  return async () => {
    const backend = await factory();
    return {
      name: backend.name,
      isConnected: () => backend.isConnected(),
      close: () => backend.close(),
      newTarget: async () => map(await backend.newTarget()),
    };
  };
}

/**
 * An egress check that is not run, for tests of other stages (see ExportRunInput's `egressCheck`): the
 * proof of a bundle whose pages request nothing.
 */
export const skippedEgressCheck: NonNullable<ExportRunInput['egressCheck']> = (run) =>
  Promise.resolve({
    pagesChecked: 0,
    modes: [],
    requests: {},
    blocked: 0,
    chromiumVersion: null,
    time: run.createdAt,
    failures: [],
  });

/** Wraps the real playwright backend, recording launches and navigations. */
export function countingBackend(): CountingBackend {
  const real = playwrightRenderBackend();
  const navigations: string[] = [];
  const launched: RenderBackend[] = [];
  const pagesPerTarget: number[] = [];
  const wrapTarget = (target: CdpTarget): CdpTarget => {
    const index = pagesPerTarget.push(0) - 1;
    return {
      send: <T>(method: string, params?: Record<string, unknown>): Promise<T> => {
        if (method === 'Page.navigate' && typeof params?.['url'] === 'string') {
          navigations.push(decodeURIComponent(new URL(params['url']).pathname));
          if (params['url'] !== 'about:blank') pagesPerTarget[index] = (pagesPerTarget[index] ?? 0) + 1;
        }
        return target.send<T>(method, params);
      },
      on: (event, listener) => target.on(event, listener),
      onClosed: (listener) => target.onClosed(listener),
      close: () => target.close(),
    };
  };
  const factory: RenderBackendFactory = async () => {
    const backend = await real();
    launched.push(backend);
    return {
      name: backend.name,
      newTarget: async () => wrapTarget(await backend.newTarget()),
      isConnected: () => backend.isConnected(),
      close: () => backend.close(),
    };
  };
  return { factory, navigations, pagesPerTarget, launches: () => launched.length, launched };
}

/** The time test exports record (`createdAt`): fixed, so two runs of one site give the same bytes. */
export const FIXED_EXPORT_TIME = '2026-01-01T00:00:00.000Z';

/**
 * {@link FIXED_EXPORT_TIME} as `SOURCE_DATE_EPOCH`: tests that compare the bytes of two different jobs
 * set it (each job otherwise records its own creation time).
 */
export const FIXED_EXPORT_EPOCH = String(Date.parse(FIXED_EXPORT_TIME) / 1000);

/** Runs an export of `site` into a new work dir; returns the result and the paths used. */
export async function exportOnce(
  site: ExportSiteFixture,
  overrides: Partial<ExportRunInput> = {},
): Promise<{ result: ExportResult; outFile: string; workDir: string }> {
  const dir = tempDir('offprint-export-run-');
  const workDir = overrides.workDir ?? join(dir, 'work');
  const outFile = overrides.outFile ?? join(dir, 'bundle.zip');
  const result = await runExport({
    deps: site.rt,
    projectId: site.projectId,
    buildId: site.buildId,
    options: AIR_GAPPED,
    backend: playwrightRenderBackend(),
    concurrency: 2,
    signal: new AbortController().signal,
    onProgress: () => undefined,
    signer: projectSigner(site.rt, site.projectId),
    createdAt: FIXED_EXPORT_TIME,
    ...overrides,
    workDir,
    outFile,
  });
  return { result, outFile, workDir };
}
