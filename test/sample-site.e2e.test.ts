/**
 * The bundled sample docs (resources/sample-docs): every page renders without a problem, and a fresh
 * data dir served by `offprint serve` serves them on the default project's site, installed once.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSetting } from '../server/db/settings.js';
import { findSite } from '../server/db/sites.js';
import { defaultOrganizationId, listAllProjects, SAMPLE_SITE_PENDING_SETTING } from '../server/domain/organizations.js';
import { installSampleSite } from '../server/domain/sampleSite.js';
import { buildDir, importSite } from '../server/domain/sites.js';
import { sampleDocsDir } from '../server/paths.js';
import { openRuntime, type Runtime } from '../server/runtime.js';
import { loadSiteProject } from '../server/sites/project/load.js';
import { renderPageSource } from '../server/sites/sandbox/page.js';
import { storedDocs } from './helpers/searchShards.js';
import { startServe, type ServeProcess } from './helpers/binary.js';
import { cli } from './helpers/cli.js';
import { listProjects, type ListedProject } from './helpers/cliChecks.js';
import { tempDir } from './helpers/dataDirs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

function currentBuild(dataDir: string, projectId: string): string | undefined {
  const runtime = openRuntime(dataDir, pino({ level: 'silent' }));
  try {
    return findSite(runtime.db, projectId)?.buildId;
  } finally {
    runtime.close();
  }
}

describe('the sample docs project', () => {
  const model = loadSiteProject(sampleDocsDir());

  it('loads without a single problem, with the pages, tabs and OpenAPI endpoints it is written with', () => {
    expect(model.problems).toEqual([]);
    expect(model.settings.name).toBe('Offprint');
    expect([...model.pages.values()].map((p) => p.url)).toEqual(
      expect.arrayContaining([
        '/',
        '/quickstart',
        '/guides/importing-docs',
        '/guides/exporting-bundles',
        '/guides/reader-feedback',
        '/reference/cli',
        '/reference/writing-pages',
        '/api/overview',
      ]),
    );
    expect([...model.pages.values()].filter((p) => p.operation !== undefined)).toHaveLength(2);
  });

  it('renders every page with no warning, unknown component or missing import, and no error box', async () => {
    const reports: string[] = [];
    for (const page of model.pages.values()) {
      const rendered = await renderPageSource(model, sampleDocsDir(), page);
      const problems = [...rendered.warnings, ...rendered.unknownComponents, ...rendered.missingImports];
      if (problems.length > 0 || rendered.html.includes('data-op-render-error')) {
        reports.push(`${page.path}: ${problems.join('; ') || 'error box'}`);
      }
      for (const asset of rendered.assets) expect(existsSync(join(sampleDocsDir(), asset))).toBe(true);
    }
    expect(reports).toEqual([]);
  });
});

describe('offprint serve on a fresh data dir', () => {
  let dataDir: string;
  let serve: ServeProcess;
  let sample: ListedProject;

  beforeAll(async () => {
    dataDir = tempDir();
    serve = await startServe(['--port', '0', '--data-dir', dataDir]);
    const listed = await listProjects(dataDir);
    expect(listed).toHaveLength(1);
    sample = listed[0] ?? { projectId: '', domain: '', siteUrl: null };
  });
  afterAll(async () => {
    await serve.stop('SIGKILL');
  });

  it('serves the sample site on the default project, siteUrl in projects list --json', () => {
    expect(sample.domain).toBe('sample-docs.localhost');
    expect(sample.siteUrl).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+$/);
  });

  it('answers every page of its sitemap with 200 and the page title, and no render error', async () => {
    const sitemap = await (await fetch(`${sample.siteUrl}/sitemap.xml`)).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(urls.length).toBeGreaterThanOrEqual(10);
    const titles = new Map<string, string>();
    for (const url of urls) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      const html = await res.text();
      expect(html, url).not.toContain('data-op-render-error');
      titles.set(new URL(url).pathname, /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
    }
    expect(titles.get('/')).toBe('Welcome to Offprint - Offprint');
    expect(titles.get('/quickstart')).toBe('Quickstart - Offprint');
    expect(titles.get('/api-reference/feedback/list-feedback')).toBe('List feedback - Offprint');
  });

  it('serves its images and the logo it refers to', async () => {
    for (const path of ['/images/air-gap.svg', '/logo/light.svg', '/logo/dark.svg', '/favicon.svg']) {
      const res = await fetch(`${sample.siteUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
    }
  });

  it('is not imported again on restart, and a user import replaces it for good', async () => {
    const installed = currentBuild(dataDir, sample.projectId);
    expect(installed).toBeDefined();
    expect(await serve.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(serve.stderr()).toBe('');
    serve = await startServe(['--port', '0', '--data-dir', dataDir]);
    expect(currentBuild(dataDir, sample.projectId)).toBe(installed);

    const own = writeProject({ 'docs.json': docsJson({ name: 'Own docs' }), 'index.mdx': '# Our own home' });
    const imported = await cli(['sites', 'import', '--project', sample.projectId, own, '--data-dir', dataDir]);
    expect(imported.code).toBe(0);
    await serve.stop('SIGTERM');
    serve = await startServe(['--port', '0', '--data-dir', dataDir]);
    const siteUrl = (await listProjects(dataDir))[0]?.siteUrl ?? '';
    expect(await (await fetch(`${siteUrl}/`)).text()).toContain('Our own home');
  });
});

describe('installSampleSite', () => {
  let runtime: Runtime;

  beforeAll(() => {
    runtime = openRuntime(tempDir(), pino({ level: 'silent' }));
  });
  afterAll(() => runtime.close());

  it('leaves a default project alone that already has a site, and never tries again', () => {
    const projectId = listAllProjects(runtime, defaultOrganizationId(runtime))[0]?.id ?? '';
    const own = writeProject({ 'docs.json': docsJson(), 'index.mdx': '# Mine' });
    const mine = importSite(runtime, projectId, own);
    expect(getSetting(runtime.db, SAMPLE_SITE_PENDING_SETTING)).toBe(projectId);
    expect(installSampleSite(runtime, sampleDocsDir())).toBeNull();
    expect(findSite(runtime.db, projectId)?.buildId).toBe(mine.buildId);
    expect(getSetting(runtime.db, SAMPLE_SITE_PENDING_SETTING)).toBeUndefined();
  });

  it('installs the sample on a fresh data dir, its search index stored with the build in the background', async () => {
    const fresh = openRuntime(tempDir(), pino({ level: 'silent' }));
    try {
      const installed = installSampleSite(fresh, sampleDocsDir());
      expect(installed).not.toBeNull();
      const projectId = installed?.imported.projectId ?? '';
      expect(findSite(fresh.db, projectId)?.buildId).toBe(installed?.imported.buildId);
      const indexed = await installed?.indexed;
      expect(indexed).toMatchObject({ pages: 10, failed: 0, stored: true });
      const titles = storedDocs(buildDir(fresh.dataDir, projectId, installed?.imported.buildId ?? '')).map((d) => d.t);
      expect(titles).toEqual(expect.arrayContaining(['Welcome to Offprint', 'Quickstart', 'List feedback']));
      expect(installSampleSite(fresh, sampleDocsDir())).toBeNull();
    } finally {
      fresh.close();
    }
  });

  it('goes on without the sample when its folder is missing, saying so in the log', () => {
    const fresh = openRuntime(tempDir(), pino({ level: 'silent' }));
    const sink: { msg: string }[] = [];
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          sink.push(JSON.parse(chunk.toString('utf8')) as { msg: string });
          done();
        },
      }),
    );
    try {
      expect(installSampleSite({ ...fresh, logger }, join(tempDir(), 'no-such-folder'))).toBeNull();
      expect(sink.map((l) => l.msg)).toEqual(['the sample docs site could not be installed']);
      expect(getSetting(fresh.db, SAMPLE_SITE_PENDING_SETTING)).toBeUndefined();
    } finally {
      fresh.close();
    }
  });
});
