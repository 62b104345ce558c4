/** Starts the real server on port 0 with a temporary data dir, for tests that speak HTTP. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '../../server/domain/apiKeys.js';
import { createApp } from '../../server/routes/app.js';
import type { HostPolicy } from '../../server/http/middleware/hostCheck.js';
import { listen, type RunningServer } from '../../server/http/server.js';
import { silentLogger } from '../../server/logger.js';
import { openRuntime, type Runtime } from '../../server/runtime.js';
import { listAllProjects, defaultOrganizationId } from '../../server/domain/organizations.js';

/** A running test server and what tests need to talk to it. */
export interface TestServer {
  readonly url: string;
  readonly runtime: Runtime;
  readonly server: RunningServer;
  readonly dataDir: string;
  /** The default organization's id. */
  readonly orgId: string;
  /** The default project's id. */
  readonly projectId: string;
  /** A valid admin key of the default organization. */
  readonly key: string;
  /** `fetch` relative to the server with the admin key (override headers to drop or change it). */
  readonly api: (path: string, init?: RequestInit) => Promise<Response>;
  readonly close: () => Promise<void>;
}

/** Options of {@link startTestServer}. */
export interface TestServerOptions {
  /** A fixed or movable clock. */
  readonly now?: () => number;
  readonly importBodyLimit?: number;
  /** Reuse a data dir (to test restarts); it is then not deleted on close. */
  readonly dataDir?: string;
}

/** Starts a server; call `close()` in afterAll/afterEach. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'offprint-test-'));
  const runtime = openRuntime(dataDir, silentLogger(), options.now ?? Date.now);
  const hostPolicy: HostPolicy = { extraHosts: [], port: 0 };
  const app = createApp({
    ...runtime,
    hostPolicy,
    ...(options.importBodyLimit === undefined ? {} : { importBodyLimit: options.importBodyLimit }),
  });
  const server = await listen(app, { host: '127.0.0.1', port: 0, hostPolicy });
  const orgId = defaultOrganizationId(runtime);
  const project = listAllProjects(runtime, orgId)[0];
  if (project === undefined) throw new Error('fresh data dir has no default project');
  const { key } = createApiKey(runtime, { orgId, name: 'test' });
  const api = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${key}`, ...(init.headers as Record<string, string> | undefined) },
    });
  return {
    url: server.url,
    runtime,
    server,
    dataDir,
    orgId,
    projectId: project.id,
    key,
    api,
    close: async () => {
      await server.close(100);
      runtime.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Imports NDJSON lines (objects are serialised) into a project over HTTP; throws unless it succeeds. */
export async function importEntries(
  t: TestServer,
  entries: readonly unknown[],
  projectId = t.projectId,
): Promise<{ lines: number; imported: number; duplicates: number }> {
  const body = entries.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('\n') + '\n';
  const res = await t.api(`/v1/analytics/${projectId}/feedback/import`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-ndjson' },
    body,
  });
  if (res.status !== 200) throw new Error(`import failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { lines: number; imported: number; duplicates: number };
}
