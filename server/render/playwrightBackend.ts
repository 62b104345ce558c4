/**
 * The CDP render backend over playwright-core (CLI, CI, servers): launches the machine's Chromium with
 * the offline flags of chromium.ts, or connects to one running elsewhere (`--browser`), and hands out
 * one page per target, each in its own browser context (no shared cache, storage or service workers
 * between targets), spoken to through a raw CDP session.
 */
import { connectChromium, launchChromium, findChromium, type Browser, type CDPSession, type Page } from './chromium.js';
import type { CdpTarget, RenderBackend, RenderBackendFactory } from './cdp.js';
import type { BrowserEndpoint } from './endpoints.js';

/** How long connecting to a remote browser may take before it counts as unreachable. */
export const CONNECT_TIMEOUT_MS = 15_000;

/** `send` without playwright's per-method typing: the pipeline speaks CDP by method name. */
type LooseSend = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

class PlaywrightTarget implements CdpTarget {
  private readonly closedListeners: ((reason: string) => void)[] = [];
  private closedReason: string | null = null;
  private readonly looseSend: LooseSend;

  constructor(
    private readonly page: Page,
    private readonly session: CDPSession,
    readonly remote: boolean,
  ) {
    this.looseSend = session.send.bind(session) as unknown as LooseSend;
    page.on('crash', () => this.closed('the renderer crashed'));
    page.on('close', () => this.closed('the page was closed'));
    session.on('close', () => this.closed('the CDP session was closed'));
  }

  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T> {
    return this.looseSend(method, params) as Promise<T>;
  }

  on(event: string, listener: (params: unknown) => void): () => void {
    const relay = (data: { method: string; params?: object }): void => {
      if (data.method === event) listener(data.params ?? {});
    };
    this.session.on('event', relay);
    return () => {
      this.session.off('event', relay);
    };
  }

  onClosed(listener: (reason: string) => void): void {
    if (this.closedReason !== null) listener(this.closedReason);
    else this.closedListeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed('closed by the pipeline');
    await this.page
      .context()
      .close()
      .catch(() => undefined);
  }

  /** Also called by the backend when its browser goes away (a remote one may not close its pages first). */
  closed(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    for (const listener of this.closedListeners.splice(0)) listener(reason);
  }
}

class PlaywrightBackend implements RenderBackend {
  private readonly targets = new Set<PlaywrightTarget>();

  constructor(
    private readonly browser: Browser,
    readonly name: string,
    private readonly remote: boolean,
  ) {
    browser.on('disconnected', () => {
      for (const target of this.targets) target.closed('the browser went away');
    });
  }

  async newTarget(): Promise<CdpTarget> {
    const context = await this.browser.newContext({ serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const session = await context.newCDPSession(page);
      const target = new PlaywrightTarget(page, session, this.remote);
      this.targets.add(target);
      target.onClosed(() => this.targets.delete(target));
      return target;
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  isConnected(): boolean {
    return this.browser.isConnected();
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
  }
}

/**
 * A factory launching headless Chromium (`executablePath`, else `OFFPRINT_CHROMIUM` or the installed
 * one); the pipeline calls it again to relaunch a browser that died.
 */
export function playwrightRenderBackend(executablePath: string | null = findChromium()): RenderBackendFactory {
  return async () => new PlaywrightBackend(await launchChromium(executablePath), 'playwright-chromium', false);
}

/**
 * A factory connecting to the remote browser at `endpoint` (called again to reconnect). Closing the
 * backend only disconnects: the remote browser keeps running for the next export.
 */
export function remoteRenderBackend(
  endpoint: BrowserEndpoint,
  timeoutMs: number = CONNECT_TIMEOUT_MS,
): RenderBackendFactory {
  return async () =>
    new PlaywrightBackend(await connectChromium(endpoint.url, endpoint.protocol, timeoutMs), endpoint.label, true);
}
