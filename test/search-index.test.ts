/**
 * The search index is built when a site is imported and stored with its build, so a site's first search
 * reads a file instead of rendering every page on the spot; builds imported without one get it built
 * on their first search, and stored for next time.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSite } from '../server/db/sites.js';
import { defaultOrganizationId, listAllProjects } from '../server/domain/organizations.js';
import { buildDir, importSite, importSiteAndIndex } from '../server/domain/sites.js';
import { silentLogger } from '../server/logger.js';
import { openRuntime, type Runtime } from '../server/runtime.js';
import { SEARCH_INDEX_DIR, searchIndexDir } from '../server/sites/search/file.js';
import { SiteServers } from '../server/sites/serve/servers.js';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { storedDocs } from './helpers/searchShards.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

function titles(dir: string): string[] {
  return storedDocs(dir)
    .map((d) => d.t)
    .sort();
}

/** A small project: two pages in the navigation, one hidden from search, one outside the navigation. */
function project(marker: string): string {
  return writeProject({
    'docs.json': docsJson({ navigation: { pages: ['index', 'guide', 'quiet'] } }),
    'index.mdx': `---\ntitle: Home\n---\n\n## Welcome\n\nThe ${marker} home page.`,
    'guide.mdx': `---\ntitle: Guide\nkeywords: ['setup']\n---\n\n## Install\n\nRun the ${marker} installer.`,
    'quiet.mdx': '---\ntitle: Quiet\nnoindex: true\n---\n\nNot searchable.',
    'orphan.mdx': '---\ntitle: Orphan\n---\n\nReachable by URL only.',
  });
}

describe('the search index at import', () => {
  let runtime: Runtime;
  let projectId: string;

  beforeAll(() => {
    runtime = openRuntime(tempDir('offprint-search-'), silentLogger());
    projectId = listAllProjects(runtime, defaultOrganizationId(runtime))[0]?.id ?? '';
  });
  afterAll(() => runtime.close());

  it('is stored in the build folder by offprint sites import, with the searchable pages only', async () => {
    const res = await cli(['sites', 'import', '--project', projectId, project('alpha'), '--data-dir', runtime.dataDir]);
    expect(res.code).toBe(0);
    const buildId = findSite(runtime.db, projectId)?.buildId ?? '';
    const docs = storedDocs(buildDir(runtime.dataDir, projectId, buildId));
    expect(docs.map((d) => [d.u, d.t]).sort()).toEqual([
      ['/', 'Home'],
      ['/guide', 'Guide'],
    ]);
    expect(docs.find((d) => d.u === '/guide')?.x).toContain('Run the alpha installer.');
  });

  it('is stored by projects create --source as well', async () => {
    const res = await cli([
      'projects',
      'create',
      '--name',
      'Beta',
      '--domain',
      'beta.localhost',
      '--source',
      project('beta'),
      '--json',
      '--data-dir',
      runtime.dataDir,
    ]);
    expect(res.code).toBe(0);
    const { projectId: beta, buildId } = JSON.parse(res.stdout) as { projectId: string; buildId: string };
    expect(titles(buildDir(runtime.dataDir, beta, buildId))).toEqual(['Guide', 'Home']);
    // The build was indexed while staged, then moved: nothing is left in the staging folder.
    expect(readdirSync(join(runtime.dataDir, 'sites', '.staging'))).toEqual([]);
  });

  it('is served as stored: the first search request renders no page', async () => {
    const imported = await importSiteAndIndex(runtime, projectId, project('gamma'));
    const dir = buildDir(runtime.dataDir, projectId, imported.buildId);
    const stored = readFileSync(join(searchIndexDir(dir), 'd0.json'), 'utf8');
    // Were the index built on request, it would now read the edited page, not what was imported.
    writeFileSync(join(dir, 'guide.mdx'), '---\ntitle: Guide\n---\n\nEdited after the import.');
    const sites = await SiteServers.start(runtime, { pollMs: 0 });
    try {
      const base = `${sites.urlOf(projectId) ?? ''}/_offprint/search`;
      const res = await fetch(`${base}/d0.json`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(stored);
      // The page loads the same data as a script, which works from file:// as well.
      const script = await fetch(`${base}/d0.js`);
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(await script.text()).toBe(`__offprintSearchShard("d0",${stored});\n`);
      expect((await fetch(`${base}/d99.js`)).status).toBe(404);
      expect((await fetch(`${base}/..%2fguide.mdx`)).status).toBe(400);
    } finally {
      await sites.close(100);
    }
  });

  it('never trusts an index shipped inside the source', async () => {
    const source = project('delta');
    mkdirSync(join(source, SEARCH_INDEX_DIR));
    writeFileSync(join(source, SEARCH_INDEX_DIR, 'manifest.json'), '{"version":3,"docs":1,"chunk":8,"shards":[]}');
    writeFileSync(join(source, SEARCH_INDEX_DIR, 'd0.json'), '{"docs":[{"u":"/evil","t":"Forged","x":"forged"}]}');
    const plain = importSite(runtime, projectId, source);
    expect(() => readdirSync(searchIndexDir(buildDir(runtime.dataDir, projectId, plain.buildId)))).toThrow(/ENOENT/);
    const indexed = await importSiteAndIndex(runtime, projectId, source);
    expect(titles(buildDir(runtime.dataDir, projectId, indexed.buildId))).toEqual(['Guide', 'Home']);
  });

  it('is built and stored by the first search of a build imported without one', async () => {
    const plain = importSite(runtime, projectId, project('epsilon'));
    const dir = buildDir(runtime.dataDir, projectId, plain.buildId);
    const sites = await SiteServers.start(runtime, { pollMs: 0 });
    try {
      const res = await fetch(`${sites.urlOf(projectId) ?? ''}/_offprint/search/manifest.json`);
      const served = await res.text();
      expect(readFileSync(join(searchIndexDir(dir), 'manifest.json'), 'utf8')).toBe(served);
      expect(titles(dir)).toEqual(['Guide', 'Home']);
    } finally {
      await sites.close(100);
    }
  });
});
