/**
 * Both site fixtures (all-shapes, ours; novu, the real one) imported into a fresh data dir and served by
 * the real site servers, with a Chromium to open them: what the live-site sweeps in Chromium share.
 */
import { defaultOrganizationId, listAllProjects } from '../../server/domain/organizations.js';
import { createProjectWithSite } from '../../server/domain/projectWithSite.js';
import { importSite, type ImportedSite } from '../../server/domain/sites.js';
import { silentLogger } from '../../server/logger.js';
import { launchChromium, type Browser } from '../../server/render/chromium.js';
import { openRuntime } from '../../server/runtime.js';
import { SiteServers } from '../../server/sites/serve/servers.js';
import { tempDir } from './dataDirs.js';
import { ALL_SHAPES, NOVU } from './siteProjects.js';

/** The served fixtures. */
export interface ServedFixtures {
  readonly browser: Browser;
  readonly allShapes: ImportedSite;
  readonly novu: ImportedSite;
  /** Where a project's site is served. */
  readonly originOf: (imported: ImportedSite) => string;
  readonly close: () => Promise<void>;
}

/** Imports and serves both fixtures (all-shapes as the default project, novu as a new one). */
export async function serveFixtures(dataDirPrefix: string): Promise<ServedFixtures> {
  const runtime = openRuntime(tempDir(dataDirPrefix), silentLogger());
  const orgId = defaultOrganizationId(runtime);
  const defaultProject = listAllProjects(runtime, orgId)[0];
  if (defaultProject === undefined) throw new Error('a fresh data dir has a default project');
  const allShapes = importSite(runtime, defaultProject.id, ALL_SHAPES);
  const novu = createProjectWithSite(runtime, { orgId, name: 'Novu', domain: 'docs.novu.example' }, NOVU).imported;
  const sites = await SiteServers.start(runtime, { pollMs: 0 });
  const browser = await launchChromium();
  return {
    browser,
    allShapes,
    novu,
    originOf: (imported) => {
      const origin = sites.urlOf(imported.projectId);
      if (origin === null) throw new Error(`${imported.projectId} is not served`);
      return origin;
    },
    close: async () => {
      await browser.close();
      await sites.close(100);
      runtime.close();
    },
  };
}
