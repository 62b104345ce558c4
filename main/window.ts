/**
 * The dashboard window, locked down: sandboxed renderer with context isolation and no Node, no navigation
 * away from the dashboard, no new windows, no permission grants. Exported docs are never shown here.
 */
import { BrowserWindow, session, shell } from 'electron';
import { fileURLToPath } from 'node:url';

/** Opens the dashboard served by the embedded server at `dashboardUrl`. */
export function setupWindow(dashboardUrl: string): BrowserWindow {
  const origin = new URL(dashboardUrl).origin;
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    show: false,
    title: 'Offprint',
    webPreferences: {
      preload: fileURLToPath(new URL('./preload.cjs', import.meta.url)),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (new URL(url).origin !== origin) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    // Docs sites open in the user's browser; only loopback http(s) URLs are handed over.
    const target = new URL(url);
    if (
      (target.protocol === 'http:' || target.protocol === 'https:') &&
      ['127.0.0.1', 'localhost'].includes(target.hostname)
    ) {
      void shell.openExternal(target.toString());
    }
    return { action: 'deny' };
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(dashboardUrl);
  return window;
}
