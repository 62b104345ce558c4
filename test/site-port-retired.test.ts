/**
 * A site's port is its origin, and browsers keep per-origin state (storage, caches, granted permissions)
 * long after a site is gone: a port a deleted project's site held is never handed to another project,
 * which would inherit it (a project of another organization included).
 */
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, defaultOrganizationId } from '../server/domain/organizations.js';
import { deleteProject } from '../server/domain/projects.js';
import { listen, type RunningServer } from '../server/http/server.js';
import { openRuntime } from '../server/runtime.js';
import { silentLogger } from '../server/logger.js';
import { listenOnSitePort } from '../server/sites/serve/ports.js';
import { tempDir } from './helpers/dataDirs.js';

describe('ports of deleted projects', () => {
  const rt = openRuntime(tempDir(), silentLogger());
  const open: RunningServer[] = [];
  const listenOn = async (port: number): Promise<RunningServer> => {
    const server = await listen(new Koa(), { host: '127.0.0.1', port, hostPolicy: { extraHosts: [], port: 0 } });
    open.push(server);
    return server;
  };
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close(0)));
    rt.close();
  });

  it('are never given to a new project, of the same organization or another', async () => {
    // Ports are scanned upwards from here: the deleted project's is the first free one.
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const org = defaultOrganizationId(rt);
    const gone = createProject(rt, { orgId: org, name: 'Gone', domain: 'gone.example' });
    const first = await listenOnSitePort(rt, gone.id, listenOn, base);
    await first.close(0);
    await deleteProject(rt, org, gone.id);

    const other = createOrganization(rt, { name: 'Other', plan: 'free' });
    const next = createProject(rt, { orgId: other.id, name: 'Next', domain: 'next.example' });
    const same = createProject(rt, { orgId: org, name: 'Same', domain: 'same.example' });
    const nextPort = (await listenOnSitePort(rt, next.id, listenOn, base)).port;
    const samePort = (await listenOnSitePort(rt, same.id, listenOn, base)).port;
    expect(nextPort).not.toBe(first.port);
    expect(samePort).not.toBe(first.port);
    expect(nextPort).not.toBe(samePort);
  });
});
