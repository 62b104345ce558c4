/**
 * Issue 11's check, in the browser: across the novu fixture and the all-shapes fixture, every
 * author-written `#fragment` link whose target (heading, titled component, field, explicit id) exists in
 * the source lands on an element once Chromium has followed it on the live site
 * (test/helpers/fragmentWalk.ts). test/anchor-links.e2e.test.ts checks the same on the rendered HTML.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultOrganizationId, listAllProjects } from '../server/domain/organizations.js';
import { createProjectWithSite, importSite, type ImportedSite } from '../server/domain/sites.js';
import { silentLogger } from '../server/logger.js';
import { launchChromium, type Browser } from '../server/render/chromium.js';
import { openRuntime, type Runtime } from '../server/runtime.js';
import { SiteServers } from '../server/sites/serve/servers.js';
import { tempDir } from './helpers/dataDirs.js';
import { walkFragmentLinks, type FragmentWalk } from './helpers/fragmentWalk.js';
import { CHROMIUM, needs, NOVU_FIXTURE } from './helpers/needs.js';
import { ALL_SHAPES, NOVU } from './helpers/siteProjects.js';

needs(CHROMIUM, NOVU_FIXTURE).describe('author anchor links followed in Chromium', () => {
  let runtime: Runtime;
  let sites: SiteServers;
  let browser: Browser;
  let allShapes: ImportedSite;
  let novu: ImportedSite;

  beforeAll(async () => {
    runtime = openRuntime(tempDir('offprint-anchor-walk-'), silentLogger());
    const orgId = defaultOrganizationId(runtime);
    const defaultProject = listAllProjects(runtime, orgId)[0];
    if (defaultProject === undefined) throw new Error('a fresh data dir has a default project');
    allShapes = importSite(runtime, defaultProject.id, ALL_SHAPES);
    novu = createProjectWithSite(runtime, { orgId, name: 'Novu', domain: 'docs.novu.example' }, NOVU).imported;
    sites = await SiteServers.start(runtime, { pollMs: 0 });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await sites?.close(100);
    runtime?.close();
  });

  async function walk(imported: ImportedSite): Promise<FragmentWalk> {
    const origin = sites.urlOf(imported.projectId);
    if (origin === null) throw new Error(`${imported.projectId} is not served`);
    const report = await walkFragmentLinks(browser, origin, imported.model);
    console.info(
      `${imported.model.settings.name}: ${report.pages} pages, ${report.followed} fragment links followed, ` +
        `${report.checked} with a target in the source, ${report.missing.length} landed on no element`,
    );
    return report;
  }

  it('all-shapes: each of its 19 author anchor links lands on its element', { timeout: 300_000 }, async () => {
    const report = await walk(allShapes);
    // quickstart.mdx's 13 links (headings with numbers, punctuation, a repeat, emoji, code, an explicit id,
    // an accordion, a tab, a step, two fields) and install/overview.mdx's 6 (test/fixtures/all-shapes).
    expect(report.checked).toBe(19);
    expect(report.missing).toEqual([]);
  });

  it('novu: every author anchor link with a target in the source lands on it', { timeout: 900_000 }, async () => {
    const report = await walk(novu);
    expect(report.checked).toBeGreaterThan(100);
    expect(report.missing).toEqual([]);
  });
});
