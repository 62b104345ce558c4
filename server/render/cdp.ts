/**
 * The one small interface the export pipeline renders through: raw Chrome DevTools Protocol on a page
 * target. Two backends implement it: playwright-core driving a Chromium executable (CLI, CI, servers:
 * `server/render/playwrightBackend.ts`) and Electron's own Chromium through `webContents.debugger`
 * (desktop app: `main/renderBackend.ts`). The pipeline code is the same for both.
 */

/** One page (tab) to render in, spoken to in CDP. */
export interface CdpTarget {
  /** Sends a CDP command (`Page.navigate`, `Runtime.evaluate`...) and resolves with its result. */
  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Subscribes to a CDP event (`Fetch.requestPaused`...); returns the unsubscribe function. */
  on(event: string, listener: (params: unknown) => void): () => void;
  /** Called once if the target's renderer crashes or the target goes away. */
  onClosed(listener: (reason: string) => void): void;
  close(): Promise<void>;
  /**
   * True when the browser runs elsewhere (`--browser`) and may not reach Offprint's loopback site
   * server: the pipeline then answers the page's requests to the site itself (`Fetch.fulfillRequest`).
   */
  readonly remote?: boolean;
}

/** A browser that hands out targets. */
export interface RenderBackend {
  readonly name: string;
  newTarget(): Promise<CdpTarget>;
  /** False once the browser died; the pipeline then relaunches through its factory. */
  isConnected(): boolean;
  close(): Promise<void>;
}

/** Launches a backend (called again to relaunch a dead browser). */
export type RenderBackendFactory = () => Promise<RenderBackend>;
