/**
 * `offprint serve` (the built binary) serves every project's site and publishes where in
 * `<dataDir>/server.json`; `offprint projects list --json` turns that into `siteUrl` while the server
 * runs, and null once it stopped (or when the file was left by a process that is gone).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from './helpers/binary.js';
import { cli } from './helpers/cli.js';
import { listProjects } from './helpers/cliChecks.js';
import { tempDir } from './helpers/dataDirs.js';
import { SERVE_MINI } from './helpers/siteServe.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

function serverJson(dataDir: string): { pid: number; apiUrl: string; sites: Record<string, string> } {
  return JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as {
    pid: number;
    apiUrl: string;
    sites: Record<string, string>;
  };
}

/** Waits (up to `attempts` × 100 ms) until `check` holds: the server notices CLI imports by polling. */
async function eventually(check: () => boolean | Promise<boolean>, attempts = 100): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('offprint serve with sites', () => {
  let dataDir: string;
  let projectId: string;
  let serve: ServeProcess;

  beforeAll(async () => {
    dataDir = tempDir();
    projectId = (await listProjects(dataDir))[0]?.projectId ?? '';
    const imported = await cli(['sites', 'import', '--project', projectId, SERVE_MINI, '--data-dir', dataDir]);
    expect(imported.code).toBe(0);
    serve = await startServe(['--port', '0', '--data-dir', dataDir]);
  });
  afterAll(async () => {
    await serve.stop('SIGKILL');
  });

  it('writes server.json with its pid, the API URL and each site URL before announcing itself', () => {
    const info = serverJson(dataDir);
    expect(info.pid).toBe(serve.child.pid);
    expect(info.apiUrl).toBe(serve.url);
    expect(Object.keys(info.sites)).toEqual([projectId]);
    expect(info.sites[projectId]).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+$/);
    expect(info.sites[projectId]).not.toBe(serve.url);
  });

  it('gives projects list --json a siteUrl that serves the site', async () => {
    const listed = await listProjects(dataDir);
    const siteUrl = listed.find((p) => p.projectId === projectId)?.siteUrl ?? '';
    expect(siteUrl).toBe(serverJson(dataDir).sites[projectId]);
    const page = await fetch(`${siteUrl}/guides/intro`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Install it first.');
  });

  it('starts a site for a project the CLI creates with --source while it runs', async () => {
    const source = writeProject({ 'docs.json': docsJson({ name: 'Second' }), 'index.mdx': '# Second home' });
    const created = await cli([
      'projects',
      'create',
      '--name',
      'Second',
      '--domain',
      'second.localhost',
      '--source',
      source,
      '--json',
      '--data-dir',
      dataDir,
    ]);
    expect(created.code).toBe(0);
    const second = (JSON.parse(created.stdout) as { projectId: string }).projectId;
    expect(await eventually(() => serverJson(dataDir).sites[second] !== undefined)).toBe(true);
    const siteUrl = (await listProjects(dataDir)).find((p) => p.projectId === second)?.siteUrl ?? '';
    expect(await (await fetch(`${siteUrl}/`)).text()).toContain('Second home');
  });

  it('serves a re-import made by the CLI at the next request', async () => {
    const siteUrl = serverJson(dataDir).sites[projectId] ?? '';
    const source = writeProject({ 'docs.json': docsJson(), 'index.mdx': '# Replaced home' });
    expect((await cli(['sites', 'import', '--project', projectId, source, '--data-dir', dataDir])).code).toBe(0);
    expect(await (await fetch(`${siteUrl}/`)).text()).toContain('Replaced home');
  });

  it('removes server.json on SIGTERM, after which siteUrl is null; stdout held only the one line', async () => {
    expect(await serve.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(serve.stdout()).toBe(`${serve.line}\n`);
    expect(serve.stderr()).toBe('');
    expect(existsSync(join(dataDir, 'server.json'))).toBe(false);
    expect((await listProjects(dataDir)).map((p) => p.siteUrl)).toEqual([null, null]);
  });
});

describe('a server.json left behind', () => {
  it('is ignored once its process is gone', async () => {
    const dataDir = tempDir();
    const projectId = (await listProjects(dataDir))[0]?.projectId ?? '';
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    writeFileSync(
      join(dataDir, 'server.json'),
      JSON.stringify({ pid: gone, apiUrl: 'http://127.0.0.1:1', sites: { [projectId]: 'http://127.0.0.1:2' } }),
    );
    expect((await listProjects(dataDir))[0]?.siteUrl).toBeNull();
    // The same file naming a live process is believed.
    writeFileSync(
      join(dataDir, 'server.json'),
      JSON.stringify({ pid: process.pid, apiUrl: 'http://127.0.0.1:1', sites: { [projectId]: 'http://127.0.0.1:2' } }),
    );
    expect((await listProjects(dataDir))[0]?.siteUrl).toBe('http://127.0.0.1:2');
  });
});
