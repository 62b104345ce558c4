/**
 * The CDP render backend over playwright-core (CLI, CI, servers): launches the machine's Chromium with
 * the offline flags of chromium.ts and hands out one page per target, each in its own browser context
 * (no shared cache, storage or service workers between targets), spoken to through a raw CDP session.
 */
import { launchChromium, findChromium, type Browser, type CDPSession, type Page } from './chromium.js';
import type { CdpTarget, RenderBackend, RenderBackendFactory } from './cdp.js';

/** `send` without playwright's per-method typing: the pipeline speaks CDP by method name. */
type LooseSend = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

class PlaywrightTarget implements CdpTarget {
  private readonly closedListeners: ((reason: string) => void)[] = [];
  private closedReason: string | null = null;
  private readonly looseSend: LooseSend;

  constructor(
    private readonly page: Page,
    private readonly session: CDPSession,
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

  private closed(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    for (const listener of this.closedListeners.splice(0)) listener(reason);
  }
}

class PlaywrightBackend implements RenderBackend {
  readonly name = 'playwright-chromium';

  constructor(private readonly browser: Browser) {}

  async newTarget(): Promise<CdpTarget> {
    const context = await this.browser.newContext({ serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const session = await context.newCDPSession(page);
      return new PlaywrightTarget(page, session);
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
  return async () => new PlaywrightBackend(await launchChromium(executablePath));
}
