/**
 * The CDP render backend of the desktop app: Electron's own Chromium, no second browser to ship. Each
 * target is a hidden, sandboxed BrowserWindow with an in-memory session of its own (like a fresh browser
 * context: no shared cache or storage), spoken to through `webContents.debugger`. The export pipeline
 * (server/export) drives it exactly like the playwright backend.
 */
import { BrowserWindow, session } from 'electron';
import type { CdpTarget, RenderBackend, RenderBackendFactory } from '../server/render/cdp.js';

/** CDP version the debugger attaches with. */
const PROTOCOL_VERSION = '1.3';

let windows = 0;

class ElectronTarget implements CdpTarget {
  private readonly closedListeners: ((reason: string) => void)[] = [];
  private closedReason: string | null = null;

  constructor(private readonly window: BrowserWindow) {
    const { webContents } = window;
    webContents.on('render-process-gone', (_event, details) => this.closed(`the renderer is gone (${details.reason})`));
    webContents.debugger.on('detach', (_event, reason) => this.closed(`the debugger detached (${reason})`));
    window.on('closed', () => this.closed('the window was closed'));
  }

  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T> {
    if (this.closedReason !== null) return Promise.reject(new Error(`target closed: ${this.closedReason}`));
    return this.window.webContents.debugger.sendCommand(method, params) as Promise<T>;
  }

  on(event: string, listener: (params: unknown) => void): () => void {
    const relay = (_event: Electron.Event, method: string, params: unknown): void => {
      if (method === event) listener(params ?? {});
    };
    this.window.webContents.debugger.on('message', relay);
    return () => {
      if (!this.window.isDestroyed()) this.window.webContents.debugger.off('message', relay);
    };
  }

  onClosed(listener: (reason: string) => void): void {
    if (this.closedReason !== null) listener(this.closedReason);
    else this.closedListeners.push(listener);
  }

  close(): Promise<void> {
    this.closed('closed by the pipeline');
    if (!this.window.isDestroyed()) this.window.destroy();
    return Promise.resolve();
  }

  private closed(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    for (const listener of this.closedListeners.splice(0)) listener(reason);
  }
}

class ElectronBackend implements RenderBackend {
  readonly name = 'electron';
  private readonly open = new Set<BrowserWindow>();
  private closed = false;

  newTarget(): Promise<CdpTarget> {
    if (this.closed) return Promise.reject(new Error('the Electron render backend is closed'));
    windows += 1;
    const window = new BrowserWindow({
      show: false,
      width: 1280,
      height: 900,
      webPreferences: {
        // A fresh in-memory partition per target: nothing is shared with the dashboard or other pages.
        session: session.fromPartition(`offprint-export-${process.pid}-${windows}`, { cache: false }),
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        webSecurity: true,
        backgroundThrottling: false,
        spellcheck: false,
      },
    });
    this.open.add(window);
    window.on('closed', () => this.open.delete(window));
    // Exported pages never open windows, and WebRTC sends nothing (proxied UDP only, and there is no proxy).
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    window.webContents.setWebRTCIPHandlingPolicy('disable_non_proxied_udp');
    try {
      window.webContents.debugger.attach(PROTOCOL_VERSION);
    } catch (error) {
      window.destroy();
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return Promise.resolve(new ElectronTarget(window));
  }

  isConnected(): boolean {
    // Electron's browser process is this process: it is there as long as the backend is open.
    return !this.closed;
  }

  close(): Promise<void> {
    this.closed = true;
    for (const window of this.open) if (!window.isDestroyed()) window.destroy();
    this.open.clear();
    return Promise.resolve();
  }
}

/** The factory the desktop app hands to the export worker (call after `app.whenReady()`). */
export function electronRenderBackend(): RenderBackendFactory {
  return () => Promise.resolve(new ElectronBackend());
}
