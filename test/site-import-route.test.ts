/**
 * `POST /v1/projects/{projectId}/site`: a zip uploaded over the API becomes the project's site, served
 * at once by this process's site servers (the hook, not their poll: it is off here), search index
 * included. Bad uploads are clear 4xx answers and leave the served site as it was.
 */
import AdmZip from 'adm-zip';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../server/domain/apiKeys.js';
import { createOrganization, createProject, defaultOrganizationId } from '../server/domain/organizations.js';
import { buildDir } from '../server/domain/sites.js';
import { createApp } from '../server/routes/app.js';
import type { HostPolicy } from '../server/http/middleware/hostCheck.js';
import { listen, type RunningServer } from '../server/http/server.js';
import { silentLogger } from '../server/logger.js';
import { openRuntime, type Runtime } from '../server/runtime.js';
import { storedDocs } from './helpers/searchShards.js';
import { SiteServers } from '../server/sites/serve/servers.js';
import { tempDir } from './helpers/dataDirs.js';
import { docsJson } from './helpers/siteProjects.js';

function zipOf(files: Record<string, string>): Buffer {
  const zip = new AdmZip();
  for (const [name, content] of Object.entries(files)) zip.addFile(name, Buffer.from(content));
  return zip.toBuffer();
}

describe('POST /v1/projects/{projectId}/site', () => {
  let runtime: Runtime;
  let sites: SiteServers;
  let server: RunningServer;
  let key: string;
  let projectId: string;

  const upload = (id: string, body: Buffer | string, type = 'application/zip', auth = key): Promise<Response> =>
    fetch(`${server.url}/v1/projects/${id}/site`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${auth}`, 'Content-Type': type },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });

  beforeAll(async () => {
    runtime = openRuntime(tempDir(), silentLogger());
    const orgId = defaultOrganizationId(runtime);
    key = createApiKey(runtime, { orgId, name: 'k' }).key;
    projectId = createProject(runtime, { orgId, name: 'Docs', domain: 'docs.localhost' }).id;
    // No poll: only the import hook can make a new site appear.
    sites = await SiteServers.start(runtime, { pollMs: 0 });
    const hostPolicy: HostPolicy = { extraHosts: [], port: 0 };
    const app = createApp({ ...runtime, hostPolicy, onSiteImported: (id) => sites.refresh(id) });
    server = await listen(app, { host: '127.0.0.1', port: 0, hostPolicy });
  });
  afterAll(async () => {
    await server.close(100);
    await sites.close(100);
    runtime.close();
  });

  it('imports the zip and the site is served when the response arrives, its search index built', async () => {
    expect(sites.urlOf(projectId)).toBeNull();
    const res = await upload(
      projectId,
      zipOf({ 'docs.json': JSON.stringify(docsJson()), 'index.mdx': '# Uploaded home' }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      projectId,
      buildId: expect.stringMatching(/^[0-9A-Z]{26}$/) as unknown,
      pages: 1,
      problems: 0,
      problemsByCode: {},
      problemList: [],
      siteUrl: sites.urlOf(projectId),
    });
    const page = await fetch(`${String(body['siteUrl'])}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Uploaded home');
    const docs = storedDocs(buildDir(runtime.dataDir, projectId, String(body['buildId'])));
    expect(JSON.stringify(docs)).toContain('Uploaded home');
    // The uploaded file itself is gone.
    expect(readdirSync(join(runtime.dataDir, 'sites', '.uploads'))).toEqual([]);
  });

  it('answers 400 for a zip that is no docs project, and the site stays as it was', async () => {
    const res = await upload(projectId, zipOf({ 'readme.txt': 'hello' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
    expect(await (await fetch(`${sites.urlOf(projectId) ?? ''}/`)).text()).toContain('Uploaded home');
  });

  it('answers 415 for a body that is not a zip type, 404 for another organization’s project, 401 without a key', async () => {
    expect((await upload(projectId, '{}', 'application/json')).status).toBe(415);
    const other = createOrganization(runtime, { name: 'Other', plan: 'enterprise' });
    const theirs = createProject(runtime, { orgId: other.id, name: 'Theirs', domain: 'theirs.localhost' });
    const zip = zipOf({ 'docs.json': JSON.stringify(docsJson()), 'index.mdx': '# Not yours' });
    expect((await upload(theirs.id, zip)).status).toBe(404);
    expect(sites.urlOf(theirs.id)).toBeNull();
    expect((await upload(projectId, zip, 'application/zip', 'offp_invalid')).status).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (
      await fetch(`${server.url}/v1/openapi.json`, { headers: { Authorization: `Bearer ${key}` } })
    ).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/v1/projects/{projectId}/site'] ?? {})).toEqual(['post']);
  });
});
