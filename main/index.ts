/**
 * The Electron main process. It only wires things up: one `setupX()` per module, in order. All of
 * Offprint's behaviour lives in `server/`, which runs the same way headless through the CLI.
 */
// First: NODE_ENV and packaged-app paths, before any server module loads (see env.ts).
import './env.js';
import { app, dialog } from 'electron';
import { restrictUmask, UnsafeDataDirError } from '../server/dataDir.js';
import { limitHeapGrowth } from '../server/heapGrowth.js';
import { importSiteFromPicker, saveBundleToPicked } from './desktopActions.js';
import { setupDialogs } from './dialogs.js';
import { setupIpc } from './ipc.js';
import { setupServer, type EmbeddedServer } from './server.js';
import { setupWindow } from './window.js';

/** Starts the server; a data dir others can read and we cannot tighten is shown, then the app quits. */
async function startServer(): Promise<EmbeddedServer | null> {
  try {
    return await setupServer(app.getPath('userData'));
  } catch (error) {
    if (!(error instanceof UnsafeDataDirError)) throw error;
    dialog.showErrorBox('Offprint cannot use its data folder', error.message);
    app.exit(1);
    return null;
  }
}

async function main(): Promise<void> {
  // Before anything is written: every file and folder the app creates is owner-only (no-op on Windows).
  restrictUmask();
  // The embedded server runs in this process: its memory follows what it keeps (see heapGrowth.ts).
  limitHeapGrowth();
  // One app instance per data dir: a second launch focuses the first instead of opening the DB twice.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.enableSandbox();
  await app.whenReady();
  const server = await startServer();
  if (server === null) return;
  let window = setupWindow(`${server.url}/`);
  const dialogs = setupDialogs(() => window);
  const host = { offprint: server, orgId: server.orgId };
  setupIpc(new URL(server.url).origin, {
    'offprint:connection': () => ({ apiUrl: server.url, token: server.sessionToken }),
    'offprint:import-site': (request) => importSiteFromPicker(host, dialogs, request),
    'offprint:save-bundle': (request) => saveBundleToPicked(host, dialogs, request),
  });
  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('activate', () => {
    if (window.isDestroyed()) window = setupWindow(`${server.url}/`);
  });
  app.on('window-all-closed', () => app.quit());
  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    void server.close().finally(() => app.exit(0));
  });
}

void main();
