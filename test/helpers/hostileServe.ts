/**
 * A real `offprint serve` child for the hostile-input tests, so the server's own memory can be read
 * (from /proc) while bombs are thrown at it: a project whose site holds a marker page, an admin key,
 * and helpers to upload a zip and to read the child's resident memory.
 */
import { readFileSync } from 'node:fs';
import AdmZip from 'adm-zip';
import { expect } from 'vitest';
import { createApiKey } from '../../server/domain/apiKeys.js';
import { createProject, defaultOrganizationId } from '../../server/domain/organizations.js';
import { silentLogger } from '../../server/logger.js';
import { openRuntime } from '../../server/runtime.js';
import { startServe, type ServeProcess } from './binary.js';
import { tempDir } from './dataDirs.js';
import { docsJson } from './siteProjects.js';

/** What the marker page of the site served before any hostile import says. */
export const MARKER = 'Previous site still here';

/** A running server with a project and its key. */
export interface HostileServer {
  readonly serve: ServeProcess;
  readonly dataDir: string;
  readonly projectId: string;
  readonly key: string;
  /** The site's URL (from the first, valid upload). */
  readonly siteUrl: string;
}

/** Resident memory of a process, from /proc: now and at its peak, in MiB. */
export function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: Math.round(kib('VmRSS') / 1024), peakMiB: Math.round(kib('VmHWM') / 1024) };
}

/** POSTs `zip` (bytes) as the project's site. */
export function uploadZip(server: Pick<HostileServer, 'serve' | 'projectId' | 'key'>, zip: Buffer): Promise<Response> {
  return fetch(`${server.serve.url}/v1/projects/${server.projectId}/site`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/zip' },
    body: new Uint8Array(zip),
  });
}

/** Starts `offprint serve` on a fresh data dir and uploads a valid site whose home page says {@link MARKER}. */
export async function startHostileServer(): Promise<HostileServer> {
  const dataDir = tempDir('offprint-hostile-');
  // Set up in this process before the server starts: its site comes from the first upload below.
  const runtime = openRuntime(dataDir, silentLogger());
  const orgId = defaultOrganizationId(runtime);
  const projectId = createProject(runtime, { orgId, name: 'Hostile', domain: 'hostile.localhost' }).id;
  const { key } = createApiKey(runtime, { orgId, name: 'hostile' });
  runtime.close();
  const serve = await startServe(['--data-dir', dataDir, '--port', '0']);
  const zip = new AdmZip();
  zip.addFile('docs.json', Buffer.from(JSON.stringify(docsJson())));
  zip.addFile('index.mdx', Buffer.from(`# ${MARKER}`));
  const res = await uploadZip({ serve, projectId, key }, zip.toBuffer());
  expect(res.status).toBe(200);
  const siteUrl = String(((await res.json()) as { siteUrl: unknown }).siteUrl);
  return { serve, dataDir, projectId, key, siteUrl };
}

/** Asserts the site served is still the marker site. */
export async function expectPreviousSite(server: HostileServer): Promise<void> {
  const page = await fetch(`${server.siteUrl}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(MARKER);
}
