/**
 * A data dir with a docs site (test/fixtures/all-shapes unless told otherwise), an admin key and the real
 * app on a real port: what the static export tests start from. The clock is movable.
 */
import { silentLogger } from '../../server/logger.js';
import { createApiKey } from '../../server/domain/apiKeys.js';
import { createOrganization, defaultOrganizationId } from '../../server/domain/organizations.js';
import { createProjectWithSite } from '../../server/domain/projectWithSite.js';
import type { Plan } from '../../server/db/organizations.js';
import { openRuntime, type Runtime } from '../../server/runtime.js';
import { startAppServer, type AppServer } from './appServer.js';
import { tempDir } from './dataDirs.js';
import { ALL_SHAPES } from './siteProjects.js';

/** A JSON response. */
export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly json: unknown;
}

/** What {@link startExportEnv} gives. */
export interface ExportEnv {
  readonly runtime: Runtime;
  readonly server: AppServer;
  readonly orgId: string;
  readonly key: string;
  readonly domain: string;
  readonly projectId: string;
  /** Sets the clock every request and job sees (epoch ms); null goes back to the real clock. */
  readonly setNow: (ms: number | null) => void;
  /** Calls the API with the admin key (or `key`). */
  readonly api: (method: string, path: string, body?: unknown, key?: string) => Promise<ApiResponse>;
  /** Adds another organization (with a key and, when `source` is given, a site on `domain`). */
  readonly addOrg: (plan: Plan, site?: { domain: string; source: string }) => { orgId: string; key: string };
  readonly close: () => Promise<void>;
}

/** Starts an export test environment; `close()` it in afterAll. */
export async function startExportEnv(options: { domain?: string; source?: string } = {}): Promise<ExportEnv> {
  let fixed: number | null = null;
  const now = (): number => fixed ?? Date.now();
  const runtime = openRuntime(tempDir('offprint-export-'), silentLogger(), now);
  const orgId = defaultOrganizationId(runtime);
  const domain = options.domain ?? 'docs.shapes.test';
  const { project } = createProjectWithSite(runtime, { orgId, name: 'Shapes', domain }, options.source ?? ALL_SHAPES);
  const { key } = createApiKey(runtime, { orgId, name: 'export tests' });
  const server = await startAppServer(runtime);
  const api = async (method: string, path: string, body?: unknown, useKey = key): Promise<ApiResponse> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${useKey}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, json: await response.json() };
  };
  return {
    runtime,
    server,
    orgId,
    key,
    domain,
    projectId: project.id,
    setNow: (ms) => (fixed = ms),
    api,
    addOrg: (plan, site) => {
      const org = createOrganization(runtime, { name: `Org ${plan}`, plan });
      if (site !== undefined)
        createProjectWithSite(runtime, { orgId: org.id, name: site.domain, domain: site.domain }, site.source);
      return { orgId: org.id, key: createApiKey(runtime, { orgId: org.id, name: 'other' }).key };
    },
    close: async () => {
      await server.close();
      runtime.close();
    },
  };
}
