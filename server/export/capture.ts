/**
 * Capturing one page in one CDP target: every request is paused (Fetch domain) and only those to the
 * run's own site server go through, the page is loaded and waited for until it is complete (load event,
 * fonts, images, diagrams, the theme's readiness flag), then its DOM is saved with its doctype.
 */
import type { CdpTarget } from '../render/cdp.js';
import { encodePath } from './bundleFiles.js';
import {
  CAPTURE_FLAG,
  CAPTURE_MEDIA,
  CAPTURE_VIEWPORT,
  isRecord,
  isSnapshot,
  READY_EXPRESSION,
  SNAPSHOT_EXPRESSION,
  snapshotProblem,
  renderErrorMessage,
} from './captureScripts.js';
import { consoleErrorOf, exceptionOf } from './consoleErrors.js';
import { fulfilFromSite } from './fulfil.js';

/** How long a capture may take. */
export interface CaptureTimeouts {
  /** From navigation start to the load event. */
  readonly navigationMs: number;
  /** The whole page, from navigation start to the saved DOM. */
  readonly pageMs: number;
}

/** Default {@link CaptureTimeouts}. */
export const DEFAULT_CAPTURE_TIMEOUTS: CaptureTimeouts = { navigationMs: 30_000, pageMs: 60_000 };

/** What one page capture produced. */
export interface CapturedPage {
  /** `<!doctype html><html ...>...</html>` */
  readonly html: string;
  /** Requests the page made outside the site server (all blocked), in order. */
  readonly blocked: string[];
  /** Console errors and uncaught exceptions. */
  readonly errors: string[];
  /**
   * The site paths the page requested (its own first, each once, with their query), or null when one
   * of them was not a plain GET or HEAD (an answer that cannot be asked for again to see if it changed).
   */
  readonly requests: readonly string[] | null;
}

/** The product string of the browser of `target` (`Chrome/131.0.6778.85`), or null when it does not say. */
export async function productOf(target: CdpTarget): Promise<string | null> {
  const version = await target.send<{ product?: unknown }>('Browser.getVersion').catch(() => null);
  return typeof version?.product === 'string' ? version.product : null;
}

/** A page that did not finish in time, or whose renderer went away: worth another attempt. */
export class CaptureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaptureError';
  }
}

interface RequestPaused {
  readonly requestId: string;
  readonly request: { readonly url: string; readonly method?: unknown };
}

interface EvaluateResult {
  readonly result: { readonly value?: unknown };
  readonly exceptionDetails?: { readonly text?: string; readonly exception?: { readonly description?: string } };
}

/** `Page.frameNavigated` (a document committed) and `Page.frameRequestedNavigation` (one asked for). */
interface FrameEvent {
  readonly frame?: { readonly id: string; readonly parentId?: string; readonly url: string };
  readonly frameId?: string;
  readonly url?: string;
}

function isRequestPaused(value: unknown): value is RequestPaused {
  return isRecord(value) && typeof value['requestId'] === 'string' && isRecord(value['request']);
}

/**
 * One target prepared for captures: request filtering and error collection are set up once, then
 * pages are captured one after the other (the target stays alive between pages).
 */
export class CaptureTarget {
  private page: {
    blocked: string[];
    errors: string[];
    url: string;
    commits: number;
    requests: Set<string> | null;
  } | null = null;
  private closedReason: string | null = null;
  private onClose: ((reason: string) => void) | null = null;
  /** Called when the main frame goes (or asks to go) anywhere but the page being captured. */
  private onLeave: ((url: string) => void) | null = null;
  private mainFrameId: string | null = null;

  private constructor(
    readonly target: CdpTarget,
    private readonly origin: string,
    /** The browser's product string (the captures it makes are kept under it: captureCache.ts). */
    readonly browserVersion: string | null,
  ) {}

  /** Prepares `target` to capture pages of the site at `origin` (`http://127.0.0.1:PORT`). */
  static async open(target: CdpTarget, origin: string): Promise<CaptureTarget> {
    const capture = new CaptureTarget(target, origin, await productOf(target));
    target.onClosed((reason) => {
      capture.closedReason = reason;
      capture.onClose?.(reason);
    });
    target.on('Fetch.requestPaused', (params) => capture.filter(params));
    target.on('Page.frameNavigated', (params) => capture.watchNavigation(params as FrameEvent));
    target.on('Page.frameRequestedNavigation', (params) => capture.watchNavigation(params as FrameEvent));
    target.on('Runtime.consoleAPICalled', (params) => {
      const error = consoleErrorOf(params);
      if (error !== null) capture.page?.errors.push(error);
    });
    target.on('Runtime.exceptionThrown', (params) => capture.page?.errors.push(exceptionOf(params)));
    await target.send('Page.enable');
    await target.send('Runtime.enable');
    await target.send('Page.addScriptToEvaluateOnNewDocument', { source: CAPTURE_FLAG });
    await target.send('Emulation.setDeviceMetricsOverride', { ...CAPTURE_VIEWPORT });
    await target.send('Emulation.setEmulatedMedia', { ...CAPTURE_MEDIA });
    await target.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
    return capture;
  }

  /**
   * A main-frame navigation to anywhere but the page being captured (a script setting `location`, a
   * meta refresh, a form, a redirect, Chromium's error page) fails the capture: what would be saved is
   * not that page.
   */
  private watchNavigation(event: FrameEvent): void {
    if (event.frame !== undefined && event.frame.parentId === undefined) this.mainFrameId = event.frame.id;
    const frameId = event.frame?.id ?? event.frameId;
    const url = event.frame?.url ?? event.url;
    if (frameId !== this.mainFrameId || url === undefined || this.page === null) return;
    // A second document in the main frame (a refresh, even to the same URL) replaces the one loaded.
    if (event.frame !== undefined) this.page.commits += 1;
    if (url.split('#')[0] !== this.page.url || this.page.commits > 1) this.onLeave?.(url);
  }

  private filter(params: unknown): void {
    if (!isRequestPaused(params)) return;
    const { url } = params.request;
    const local = url === this.origin || url.startsWith(`${this.origin}/`) || /^(data|blob):/i.test(url);
    if (local) {
      this.recordSiteRequest(url, params.request.method);
      // A remote browser cannot reach our loopback site server: we answer for it (fulfil.ts).
      if (this.target.remote === true && /^https?:/i.test(url)) void fulfilFromSite(this.target, params);
      else this.target.send('Fetch.continueRequest', { requestId: params.requestId }).catch(() => undefined);
      return;
    }
    this.page?.blocked.push(url);
    this.target
      .send('Fetch.failRequest', { requestId: params.requestId, errorReason: 'BlockedByClient' })
      .catch(() => undefined);
  }

  /** Notes a request to the site server: what the capture was made of. */
  private recordSiteRequest(url: string, method: unknown): void {
    const requests = this.page?.requests;
    if (requests === undefined || requests === null || !url.startsWith(this.origin)) return;
    if (method !== 'GET' && method !== 'HEAD') {
      if (this.page !== null) this.page.requests = null;
      return;
    }
    requests.add(url.slice(this.origin.length).split('#')[0] || '/');
  }

  /** Loads `path` and returns its complete DOM; throws CaptureError when it hangs or the renderer dies. */
  async capture(path: string, timeouts: CaptureTimeouts): Promise<CapturedPage> {
    if (this.closedReason !== null) throw new CaptureError(`the target is gone (${this.closedReason})`);
    const url = this.origin + encodePath(path);
    const page: NonNullable<CaptureTarget['page']> = {
      blocked: [],
      errors: [],
      url,
      commits: 0,
      requests: new Set<string>(),
    };
    this.page = page;
    const timers: NodeJS.Timeout[] = [];
    const unsubscribe: (() => void)[] = [];
    const fail = new Promise<never>((_, reject) => {
      this.onClose = (reason) => reject(new CaptureError(`the renderer went away (${reason})`));
      this.onLeave = (to) => reject(new CaptureError(`the page left ${url} for ${to}`));
      timers.push(
        setTimeout(() => reject(new CaptureError(`did not finish within ${timeouts.pageMs} ms`)), timeouts.pageMs),
      );
    });
    try {
      const loaded = new Promise<void>((resolve, reject) => {
        unsubscribe.push(this.target.on('Page.loadEventFired', () => resolve()));
        timers.push(
          setTimeout(
            () => reject(new CaptureError(`did not load within ${timeouts.navigationMs} ms`)),
            timeouts.navigationMs,
          ),
        );
      });
      loaded.catch(() => undefined);
      const navigated = await Promise.race([
        this.target.send<{ errorText?: string; frameId?: string }>('Page.navigate', { url }),
        fail,
      ]);
      if (navigated.errorText) throw new CaptureError(`navigation failed: ${navigated.errorText}`);
      if (navigated.frameId !== undefined) this.mainFrameId = navigated.frameId;
      await Promise.race([loaded, fail]);
      const ready = await Promise.race([this.evaluate(READY_EXPRESSION, true), fail]);
      if (ready !== true) throw new CaptureError('the page never became ready');
      const snapshot = await Promise.race([this.evaluate(SNAPSHOT_EXPRESSION, false), fail]);
      if (!isSnapshot(snapshot)) throw new CaptureError('the DOM could not be read');
      const problem = snapshotProblem(snapshot, url);
      if (problem !== null) throw new CaptureError(problem);
      // Inline code the policy refused is not a request: only URLs are reported.
      for (const url of snapshot.refused) if (/^(https?|wss?):/i.test(url)) page.blocked.push(url);
      if (snapshot.renderError !== null) page.errors.push(renderErrorMessage(snapshot.renderError));
      // A lazy image the browser had not asked for yet is part of what the page shows: a later export must
      // see its bytes change (captureCache.ts), whether or not this capture saw the request.
      for (const src of snapshot.lazy) this.recordSiteRequest(src, 'GET');
      const requests = page.requests === null ? null : [...page.requests];
      return { html: snapshot.html, blocked: [...new Set(page.blocked)], errors: page.errors, requests };
    } finally {
      for (const timer of timers) clearTimeout(timer);
      for (const off of unsubscribe) off();
      this.onClose = null;
      this.onLeave = null;
      this.page = null;
      fail.catch(() => undefined);
    }
  }

  private async evaluate(expression: string, awaitPromise: boolean): Promise<unknown> {
    const out = await this.target.send<EvaluateResult>('Runtime.evaluate', {
      expression,
      awaitPromise,
      returnByValue: true,
    });
    if (out.exceptionDetails) {
      const detail = out.exceptionDetails.exception?.description ?? out.exceptionDetails.text ?? 'exception';
      throw new CaptureError(`evaluation failed: ${detail}`);
    }
    return out.result.value;
  }
}
