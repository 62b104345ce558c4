/**
 * Which port a project's site listens on. A site's URL is its origin, and each site gets its own port
 * so that untrusted sites share an origin neither with each other nor with the API and dashboard. The
 * port is recorded in the `site_ports` table, so the URL survives restarts (bookmarks, shared links):
 * the recorded port is tried first; only when another program holds it does the site move to a new
 * port, which is recorded in turn, with a warning saying the old address no longer leads there. A port a
 * site let go of (its project deleted, or the site moved) is retired: browsers keep what an origin
 * stored, so no other project, of any organization, ever gets it.
 */
import { writeTransaction } from '../../db/connection.js';
import { findSitePort, listRetiredSitePorts, listSitePorts, recordSitePort } from '../../db/sites.js';
import type { SiteDeps } from '../../deps.js';
import type { RunningServer } from '../../http/server.js';

/** Ports tried upwards from the base port before the system is asked for any free one. */
const SCAN_PORTS = 200;

/** Attempts at a system-chosen port that is not another project's recorded one. */
const SYSTEM_PICKS = 5;

/** Starts the site's listener on `port` (0: a free one chosen by the system). */
export type ListenOn = (port: number) => Promise<RunningServer>;

/** True when listening failed because the port is someone else's (in use, or reserved to root). */
export function isPortTaken(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === 'EADDRINUSE' || error.code === 'EACCES';
}

async function tryPort(listenOn: ListenOn, port: number): Promise<RunningServer | null> {
  try {
    return await listenOn(port);
  } catch (error) {
    if (isPortTaken(error)) return null;
    throw error;
  }
}

/**
 * A listener on a port no other project has recorded and none retired: the first free one from
 * `basePort` up (next to the API's port, easy to remember), else one the system picks. `basePort` 0
 * goes to the system at once.
 */
async function listenOnNewPort(deps: SiteDeps, listenOn: ListenOn, basePort: number): Promise<RunningServer> {
  const recorded = new Set([...listSitePorts(deps.db).values(), ...listRetiredSitePorts(deps.db)]);
  if (basePort > 0) {
    for (let port = basePort; port < basePort + SCAN_PORTS && port <= 65_535; port++) {
      if (recorded.has(port)) continue;
      const server = await tryPort(listenOn, port);
      if (server !== null) return server;
    }
  }
  for (let attempt = 1; attempt < SYSTEM_PICKS; attempt++) {
    const server = await listenOn(0);
    if (!recorded.has(server.port)) return server;
    // Another project's address, free only because that site is not served now, or a retired one.
    await server.close(0);
  }
  return listenOn(0);
}

/**
 * Listens for `projectId`'s site on its recorded port, or on a new one that is then recorded (see the
 * module comment). Logs a warning when a recorded port was taken and the site had to move.
 */
export async function listenOnSitePort(
  deps: SiteDeps,
  projectId: string,
  listenOn: ListenOn,
  basePort: number,
): Promise<RunningServer> {
  const recorded = findSitePort(deps.db, projectId);
  if (recorded !== undefined) {
    const server = await tryPort(listenOn, recorded);
    if (server !== null) return server;
  }
  const server = await listenOnNewPort(deps, listenOn, basePort);
  try {
    writeTransaction(deps.db, () => recordSitePort(deps.db, projectId, server.port, deps.now()));
  } catch (error) {
    await server.close(0);
    throw error;
  }
  if (recorded !== undefined) {
    deps.logger.warn(
      { projectId, oldPort: recorded, port: server.port },
      `the port of this site (${recorded}) is in use by another program: it moved to port ${server.port}, ` +
        'and links to the old address no longer reach it',
    );
  }
  return server;
}
