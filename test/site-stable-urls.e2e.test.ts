/**
 * A docs site keeps its URL across restarts of `offprint serve` (the built binary): each site's port is
 * recorded in the data dir, so a bookmark made yesterday opens the same page today. Only when another
 * program holds the port does the site move, with a warning, and the new port is kept from then on.
 */
import { createServer, type Server } from 'node:net';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { runBinary, startServe, type ServeProcess } from './helpers/binary.js';
import { cli } from './helpers/cli.js';
import { listProjects } from './helpers/cliChecks.js';
import { tempDir } from './helpers/dataDirs.js';
import { SERVE_MINI } from './helpers/siteServe.js';

const PAGE = '/guides/intro';

/** The page's HTML at `siteUrl`, which must answer 200. */
async function page(siteUrl: string): Promise<string> {
  const res = await fetch(`${siteUrl}${PAGE}`);
  expect(res.status).toBe(200);
  return res.text();
}

async function siteUrlOf(dataDir: string, projectId: string): Promise<string | null> {
  return (await listProjects(dataDir)).find((p) => p.projectId === projectId)?.siteUrl ?? null;
}

/** Holds `port` on loopback the way another program would. */
async function occupy(port: number): Promise<Server> {
  const blocker = createServer();
  blocker.listen(port, '127.0.0.1');
  await once(blocker, 'listening');
  return blocker;
}

// Imports render every page in the sandbox, and each step starts a server: slow on a busy machine.
describe('site URLs across restarts of serve', { timeout: 180_000 }, () => {
  const dataDir = tempDir();
  const running: ServeProcess[] = [];
  let projectId = '';
  let firstUrl = '';
  let firstPage = '';

  const serve = async (): Promise<ServeProcess> => {
    const started = await startServe(['--port', '0', '--data-dir', dataDir]);
    running.push(started);
    return started;
  };
  afterAll(async () => {
    for (const s of running) await s.stop('SIGKILL');
  });

  it('gives a project created with --source while serve runs a URL that projects list and the API show', async () => {
    const first = await serve();
    const created = await runBinary([
      ...['projects', 'create', '--name', 'Handbook', '--domain', 'handbook.localhost'],
      ...['--source', SERVE_MINI, '--json', '--data-dir', dataDir],
    ]);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const result = JSON.parse(created.stdout) as { projectId: string; siteUrl: string | null };
    projectId = result.projectId;
    expect(result.siteUrl).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+$/);
    firstUrl = result.siteUrl ?? '';
    expect(await siteUrlOf(dataDir, projectId)).toBe(firstUrl);
    const { key } = JSON.parse((await cli(['keys', 'create', '--json', '--data-dir', dataDir])).stdout) as {
      key: string;
    };
    const api = await fetch(`${first.url}/v1/projects`, { headers: { Authorization: `Bearer ${key}` } });
    const listed = (await api.json()) as { projects: { projectId: string; siteUrl: string | null }[] };
    expect(listed.projects.find((p) => p.projectId === projectId)?.siteUrl).toBe(firstUrl);
    firstPage = await page(firstUrl);
    expect(firstPage).toContain('Install it first.');
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(first.stderr()).toBe('');
  });

  it('serves the same page at the old URL after a restart (the API port may change; the site’s does not)', async () => {
    await expect(fetch(`${firstUrl}${PAGE}`)).rejects.toThrow();
    expect(await siteUrlOf(dataDir, projectId)).toBeNull();
    const second = await serve();
    expect(await siteUrlOf(dataDir, projectId)).toBe(firstUrl);
    expect(await page(firstUrl)).toBe(firstPage);
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(second.stderr()).toBe('');
  });

  it('moves a site whose port another program holds, says so, and keeps the new port from then on', async () => {
    const blocker = await occupy(Number(new URL(firstUrl).port));
    let movedUrl: string;
    try {
      const third = await serve();
      movedUrl = (await siteUrlOf(dataDir, projectId)) ?? '';
      expect(movedUrl).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+$/);
      expect(movedUrl).not.toBe(firstUrl);
      // The same page, but its own origin (in links the page carries) is now the new one.
      expect(await page(movedUrl)).toBe(firstPage.replaceAll(firstUrl, movedUrl));
      expect(await third.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      const warnings = third
        .stderr()
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(warnings).toEqual([
        expect.objectContaining({
          level: 40,
          projectId,
          oldPort: Number(new URL(firstUrl).port),
          port: Number(new URL(movedUrl).port),
          msg: expect.stringContaining('links to the old address no longer reach it') as unknown,
        }),
      ]);
    } finally {
      blocker.close();
    }
    const fourth = await serve();
    expect(await siteUrlOf(dataDir, projectId)).toBe(movedUrl);
    expect(await fourth.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(fourth.stderr()).toBe('');
  });
});
