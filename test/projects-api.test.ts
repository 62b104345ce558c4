/**
 * The projects API the dashboard works through (Offprint extensions), against a real data dir, a real
 * server on port 0 and real site servers: create -> get -> list -> import a zip -> the site summary and
 * import report (problems by code, missing assets, skipped scripts) -> delete, which stops the site,
 * removes its files, feedback and export jobs (cancelling the active one) -> 404.
 */
import { CAPTURED_HTML } from '../server/export/workDir.js';
import AdmZip from 'adm-zip';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExportJob } from '../server/db/exportJobs.js';
import { createApiKey } from '../server/domain/apiKeys.js';
import { startExportJob } from '../server/domain/exports/jobs.js';
import { createOrganization, createProject, defaultOrganizationId } from '../server/domain/organizations.js';
import { readImportReport } from '../server/domain/siteReport.js';
import { buildDir, sitesRoot } from '../server/domain/sites.js';
import { captureCacheDir, egressProofsFile, jobDir } from '../server/exportSpec/files.js';
import type { HostPolicy } from '../server/http/middleware/hostCheck.js';
import { listen, type RunningServer } from '../server/http/server.js';
import { silentLogger } from '../server/logger.js';
import { createApp } from '../server/routes/app.js';
import { openRuntime, type Runtime } from '../server/runtime.js';
import { SiteServers } from '../server/sites/serve/servers.js';
import { tempDir } from './helpers/dataDirs.js';
import { startTestServer } from './helpers/server.js';
import { docsJson } from './helpers/siteProjects.js';

interface Project {
  projectId: string;
  name: string;
  domain: string;
  siteUrl: string | null;
  site: { pages: number; navPages: number; problems: number; lastImportAt: string; buildId: string } | null;
  importReport?: {
    problems: number;
    problemsByCode: Record<string, number>;
    problemList: { code: string; file: string; message: string }[];
    missingAssets: { file: string; message: string }[];
    skippedScripts: { name: string; reason: string }[];
  } | null;
}

function zipOf(files: Record<string, string>): Uint8Array<ArrayBuffer> {
  const zip = new AdmZip();
  for (const [name, content] of Object.entries(files)) zip.addFile(name, Buffer.from(content));
  return new Uint8Array(zip.toBuffer());
}

describe('projects API', () => {
  let runtime: Runtime;
  let sites: SiteServers;
  let server: RunningServer;
  let key: string;
  let otherKey: string;
  let otherOrgId: string;

  /** Calls the API: a Uint8Array body is sent as a zip, anything else as JSON. */
  const api = async (
    method: string,
    path: string,
    body?: Uint8Array<ArrayBuffer> | Record<string, unknown>,
    auth = key,
  ) => {
    const zip = body instanceof Uint8Array;
    const headers: Record<string, string> = { Authorization: `Bearer ${auth}` };
    if (body !== undefined) headers['Content-Type'] = zip ? 'application/zip' : 'application/json';
    const payload = body instanceof Uint8Array ? body : body === undefined ? undefined : JSON.stringify(body);
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      ...(payload === undefined ? {} : { body: payload }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    runtime = openRuntime(tempDir(), silentLogger());
    key = createApiKey(runtime, { orgId: defaultOrganizationId(runtime), name: 'k' }).key;
    const other = createOrganization(runtime, { name: 'Other', plan: 'enterprise' });
    otherKey = createApiKey(runtime, { orgId: other.id, name: 'other' }).key;
    otherOrgId = other.id;
    // No poll: only the API's hook starts and stops site listeners here.
    sites = await SiteServers.start(runtime, { pollMs: 0 });
    const hostPolicy: HostPolicy = { extraHosts: [], port: 0 };
    const app = createApp({
      ...runtime,
      hostPolicy,
      onSiteImported: (id) => sites.refresh(id),
      siteUrlOf: (id) => sites.urlOf(id),
    });
    server = await listen(app, { host: '127.0.0.1', port: 0, hostPolicy });
  });
  afterAll(async () => {
    await server.close(100);
    await sites.close(100);
    runtime.close();
  });

  it('creates, imports, reports, lists and deletes a project, end to end', async () => {
    const created = await api('POST', '/v1/projects', { name: 'Guides', domain: 'guides.test' });
    expect(created.status).toBe(201);
    const project = created.json as unknown as Project;
    expect(project).toMatchObject({ name: 'Guides', domain: 'guides.test', siteUrl: null, site: null });
    const id = project.projectId;
    expect((await api('GET', `/v1/projects/${id}`)).json).toMatchObject({ site: null, importReport: null });

    const zip = zipOf({
      'docs.json': JSON.stringify(docsJson({ navigation: { pages: ['index', 'setup'] } })),
      'index.mdx': '# Home\n\n![Logo](/images/missing.png)',
      'setup.mdx': '# Setup',
      'extra.mdx': '# Not in the navigation',
      'analytics.js': 'console.log(1)',
    });
    const imported = await api('POST', `/v1/projects/${id}/site`, zip);
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);

    const detail = (await api('GET', `/v1/projects/${id}`)).json as unknown as Project;
    expect(detail.siteUrl).toBe(sites.urlOf(id));
    expect(detail.siteUrl).toMatch(/^http:\/\//);
    expect(detail.site).toMatchObject({ pages: 3, navPages: 2, problems: 1, buildId: imported.json['buildId'] });
    expect(Date.parse(detail.site?.lastImportAt ?? '')).toBeGreaterThan(Date.now() - 600_000);
    expect(detail.importReport).toMatchObject({
      problems: 1,
      problemsByCode: { 'missing-asset': 1 },
      problemList: [
        { code: 'missing-asset', file: 'index.mdx', message: expect.stringContaining('missing.png') as unknown },
      ],
      missingAssets: [{ file: 'index.mdx', message: expect.stringContaining('/images/missing.png') as unknown }],
      skippedScripts: [{ name: 'analytics.js', reason: 'not in the allowedScripts setting' }],
    });

    // The report is kept with the build (render failures are known only during the import): another
    // server started on the data dir shows the same.
    const buildId = String(imported.json['buildId']);
    expect(readImportReport(buildDir(runtime.dataDir, id, buildId))?.problemTotal).toBe(1);
    const later = await startTestServer({ dataDir: runtime.dataDir });
    try {
      const again = (await (await later.api(`/v1/projects/${id}`)).json()) as Project;
      expect(again.importReport).toEqual(detail.importReport);
    } finally {
      await later.close();
    }

    const list = (await api('GET', '/v1/projects')).json['projects'] as Project[];
    const listed = list.find((p) => p.projectId === id);
    expect(listed?.siteUrl).toBe(detail.siteUrl);
    expect(listed?.site).toEqual(detail.site);
    const page = await fetch(`${detail.siteUrl ?? ''}/setup`);
    expect(page.status).toBe(200);

    // Feedback, a queued export (with files on disk) and a finished one belong to the project.
    const feedback = await fetch(`${server.url}/v1/analytics/${id}/feedback/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-ndjson' },
      body: '{"path":"/setup","source":"thumbs_only","helpful":true}\n',
    });
    expect(feedback.status).toBe(200);
    const job = startExportJob(runtime, {
      orgId: defaultOrganizationId(runtime),
      domain: 'guides.test',
      deployment: 'air-gapped',
    });
    mkdirSync(join(jobDir(runtime.dataDir, job.id), 'work'), { recursive: true });
    expect(existsSync(join(sitesRoot(runtime.dataDir), id))).toBe(true);
    // What its last egress check proved (and a next version a killed export left half-written).
    const proofs = egressProofsFile(runtime.dataDir, id);
    mkdirSync(dirname(proofs), { recursive: true });
    writeFileSync(proofs, '{}\n');
    writeFileSync(`${proofs}.999999.0a1b2c3d.tmp`, '{}\n');
    const otherProofs = egressProofsFile(runtime.dataDir, 'another-project');
    writeFileSync(otherProofs, '{}\n');
    // The pages its last export captured (and an old version a killed export left while replacing them).
    const captures = captureCacheDir(runtime.dataDir, id);
    mkdirSync(captures, { recursive: true });
    writeFileSync(join(captures, `${'a'.repeat(40)}${CAPTURED_HTML}`), '<!doctype html>');
    mkdirSync(`${captures}.999999.0a1b2c3d.old`);
    const otherCaptures = captureCacheDir(runtime.dataDir, 'another-project');
    mkdirSync(otherCaptures);

    const deleted = await api('DELETE', `/v1/projects/${id}`);
    expect(deleted).toEqual({
      status: 200,
      json: { projectId: id, deleted: true, cancelledJobs: [job.id], deletedJobs: 1 },
    });
    expect(sites.urlOf(id)).toBeNull();
    await expect(fetch(`${detail.siteUrl ?? ''}/setup`)).rejects.toThrow();
    expect(existsSync(join(sitesRoot(runtime.dataDir), id))).toBe(false);
    expect(existsSync(jobDir(runtime.dataDir, job.id))).toBe(false);
    expect(readdirSync(dirname(proofs))).toEqual([basename(otherProofs)]);
    expect(readdirSync(dirname(captures))).toEqual([basename(otherCaptures)]);
    expect(findExportJob(runtime.db, job.id)).toBeUndefined();
    expect((await api('GET', `/v1/analytics/${id}/feedback`)).status).toBe(404);
    expect((await api('GET', `/v1/projects/${id}`)).status).toBe(404);
    expect((await api('DELETE', `/v1/projects/${id}`)).status).toBe(404);
    const after = (await api('GET', '/v1/projects')).json['projects'] as Project[];
    expect(after.map((p) => p.projectId)).not.toContain(id);
    // The domain is free again.
    expect((await api('POST', '/v1/projects', { name: 'Again', domain: 'guides.test' })).status).toBe(201);
  });

  it('refuses bad input with a clear 4xx: taken domain, bad body, another organization', async () => {
    const taken = await api('POST', '/v1/projects', { name: 'Dup', domain: 'sample-docs.localhost' });
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.json['details'])).toContain('already belongs to another project');
    const bad = await api('POST', '/v1/projects', { name: '', domain: 'https://x.test/', extra: 1 });
    expect(bad.status).toBe(400);
    expect((bad.json['details'] as unknown[]).length).toBeGreaterThanOrEqual(3);
    const lone = await api('POST', '/v1/projects', { name: 'Broken \ud800 name', domain: 'lone.test' });
    expect(lone.status).toBe(400);
    expect(lone.json['details']).toEqual([
      { message: 'name: must be well-formed Unicode (it holds a lone UTF-16 surrogate)' },
    ]);
    const listed = (await api('GET', '/v1/projects')).json['projects'] as Project[];
    expect(listed.map((p) => p.domain)).not.toContain('lone.test');
    const otherOrg = createOrganization(runtime, { name: 'Third', plan: 'free' });
    const foreign = await api('POST', '/v1/projects', { name: 'X', domain: 'x.test', orgId: otherOrg.id });
    expect(foreign.status).toBe(404);

    // A project of another organization cannot be read or deleted through this key.
    const theirs = createProject(runtime, { orgId: otherOrgId, name: 'Theirs', domain: 'theirs.test' });
    expect((await api('GET', `/v1/projects/${theirs.id}`)).status).toBe(404);
    expect((await api('DELETE', `/v1/projects/${theirs.id}`)).status).toBe(404);
    expect((await api('GET', `/v1/projects/${theirs.id}`, undefined, otherKey)).status).toBe(200);
  });
});
