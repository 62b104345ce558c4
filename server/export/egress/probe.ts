/**
 * One CDP target prepared for the egress check, reused page after page: every request is paused (Fetch
 * domain) and only those inside the bundle go on; everything else fails as blocked by the client and is
 * recorded with its kind, as is whatever the init script reports (pageScript.ts) and any WebSocket the
 * browser opens behind it; what goes wrong inside the bundle is noted too (loadErrors.ts). A check loads
 * a page and waits for it (a page going to another page on its own, like a redirect page, is stopped
 * there: that page is checked on its own), opens what the theme hides behind clicks, scrolls to the
 * bottom, lets it settle, then leaves the page (a beacon sent on the way out is seen too).
 */
import { productOf } from '../capture.js';
import type { EgressKind, LoadError } from '../egressProof.js';
import { isRecord } from '../captureScripts.js';
import { fulfilFromSite } from '../fulfil.js';
import type { CdpTarget } from '../../render/cdp.js';
import { INIT_SCRIPT, interactExpression, REPORT_BINDING, SCAN_EXPRESSION } from './pageScript.js';
import { sameUrl, withoutEchoes, type Attempt, type Recorded } from './attempts.js';
import { LoadErrorWatch } from './loadErrors.js';
import { isPaused, isReport, type Evaluated } from './probeEvents.js';
import { reportedKind, requestKind, type BundleScope } from './scope.js';

/** Time limits of one page check. */
export interface ProbeTimeouts {
  /** The whole check of a page. */
  readonly pageMs: number;
  /** Quiet time after the interactions, for what the page and they start to show. */
  readonly settleMs: number;
}

/** A page to check: where it is, where it may go on its own, and whether its shared sidebar is drawn whole. */
export interface CheckedPage {
  readonly url: string;
  readonly exit: string | null;
  readonly fillSharedNav: boolean;
}

/** What one page load did: its attempts outside the bundle, the bundle files it read, the errors it met. */
export interface CheckedLoad {
  readonly attempts: Attempt[];
  /** Files of the bundle it asked for and did not get, errors its scripts logged (loadErrors.ts). */
  readonly errors: LoadError[];
  /** Every file of the bundle the load requested ({@link BundleScope.dependency}), its own document first. */
  readonly deps: string[];
}

/** A check that could not finish (hang, renderer gone): worth another attempt on a fresh target. */
export class ProbeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProbeError';
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A target set up for egress checks. */
export class ProbeTarget {
  /** Attempts of the page being checked (null between checks), by `kind url`. */
  private attempts: Map<string, Recorded> | null = null;
  /** Bundle files the page being checked requested (null between checks). */
  private deps: Set<string> | null = null;
  /** Where the page being checked may navigate on its own: its redirect destination. */
  private exit: string | null = null;
  /** The page's own document was requested (every later main-frame document is a navigation away). */
  private arrived = false;
  /** The isolated world of the current document, made on first use. */
  private world: number | null = null;
  private mainFrameId: string | null = null;
  private loading = false;
  private closedReason: string | null = null;
  private readonly loadErrors: LoadErrorWatch;

  private constructor(
    readonly target: CdpTarget,
    private readonly scope: BundleScope,
  ) {
    this.loadErrors = new LoadErrorWatch(scope);
  }

  /** Prepares `target`: request filter, reports, init script; closes it when that fails. */
  static async open(target: CdpTarget, scope: BundleScope): Promise<ProbeTarget> {
    try {
      return await ProbeTarget.prepare(target, scope);
    } catch (error) {
      await target.close().catch(() => undefined);
      throw error;
    }
  }

  private static async prepare(target: CdpTarget, scope: BundleScope): Promise<ProbeTarget> {
    const probe = new ProbeTarget(target, scope);
    target.onClosed((reason) => {
      probe.closedReason = reason;
    });
    target.on('Fetch.requestPaused', (params) => probe.filter(params));
    target.on('Runtime.bindingCalled', (params) => probe.reported(params));
    target.on('Network.webSocketCreated', (params) => {
      // Only a socket the init script missed gets here: it was not stopped.
      if (isRecord(params) && typeof params['url'] === 'string') probe.record('websocket', params['url'], false);
    });
    target.on('ServiceWorker.workerRegistrationUpdated', (params) => probe.registrations(params));
    target.on('Page.frameStartedLoading', (params) => probe.frameLoading(params, true));
    target.on('Page.frameStoppedLoading', (params) => probe.frameLoading(params, false));
    probe.loadErrors.attach(target);
    await target.send('Page.enable');
    await target.send('Runtime.enable');
    await target.send('Network.enable');
    // Not every backend offers it (Electron's debugger); the init script refuses registrations anyway.
    await target.send('ServiceWorker.enable').catch(() => undefined);
    await target.send('Runtime.addBinding', { name: REPORT_BINDING });
    await target.send('Page.addScriptToEvaluateOnNewDocument', { source: INIT_SCRIPT });
    await target.send('Emulation.setDeviceMetricsOverride', {
      width: 1280,
      height: 900,
      deviceScaleFactor: 1,
      mobile: false,
    });
    await target.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
    const tree = await target.send<{ frameTree?: { frame?: { id?: string } } }>('Page.getFrameTree');
    probe.mainFrameId = tree.frameTree?.frame?.id ?? null;
    return probe;
  }

  /** The browser's product string (`Chrome/131.0.6778.85`), or null when the backend does not say. */
  chromiumVersion(): Promise<string | null> {
    return productOf(this.target);
  }

  private record(kind: EgressKind, seen: string, blocked: boolean, hint = false): void {
    const url = this.scope.shown(seen);
    const key = `${kind} ${url}`;
    const before = this.attempts?.get(key);
    this.attempts?.set(key, {
      kind,
      url,
      blocked: blocked || (before?.blocked ?? false),
      hint: hint && (before?.hint ?? true),
    });
  }

  private filter(params: unknown): void {
    if (!isPaused(params)) return;
    const { url } = params.request;
    const navigation = params.resourceType === 'Document' && params.frameId === this.mainFrameId;
    // A page going to another page of the bundle on its own (a redirect page's refresh): that page is
    // checked on its own, loading it here too would only double the work.
    const away = navigation && this.arrived;
    if (navigation) this.arrived = true;
    if (this.scope.inside(url) && !away) {
      const dep = this.scope.dependency(url);
      if (dep !== null) this.deps?.add(dep);
      // A remote browser cannot reach the loopback static server: Offprint answers for it.
      if (this.target.remote === true && /^https?:/i.test(url)) void fulfilFromSite(this.target, params);
      else this.target.send('Fetch.continueRequest', { requestId: params.requestId }).catch(() => undefined);
      return;
    }
    // A navigation away is answered "204 No Content": the browser stays on the page checked (a failed one
    // would load an error page in its place, which costs as much as the page itself and checks nothing).
    const stop = away
      ? this.target.send('Fetch.fulfillRequest', { requestId: params.requestId, responseCode: 204 })
      : this.target.send('Fetch.failRequest', { requestId: params.requestId, errorReason: 'BlockedByClient' });
    stop.catch(() => undefined);
    if (away && this.scope.inside(url)) return;
    // A redirect page going where it says is the reader following a link the bundle names, not egress.
    if (away && this.exit !== null && sameUrl(url, this.exit)) return;
    this.record(requestKind(url, params.resourceType), url, true);
  }

  private reported(params: unknown): void {
    if (!isRecord(params) || params['name'] !== REPORT_BINDING || typeof params['payload'] !== 'string') return;
    let report: unknown;
    try {
      report = JSON.parse(params['payload']);
    } catch {
      return;
    }
    if (!isReport(report)) return;
    const kind = reportedKind(report.kind, report.url);
    if (kind === null) return;
    // Refusals and hints name URLs that may be the bundle's own; attempts at sockets, peers and workers never are.
    const hint = report.kind.startsWith('link:');
    if ((hint || report.kind.startsWith('csp:')) && this.scope.inside(report.url)) return;
    // The init script refused the socket, peer or worker; the policy refused what it reports.
    this.record(kind, report.url, !hint, hint);
  }

  private registrations(params: unknown): void {
    const list = isRecord(params) && Array.isArray(params['registrations']) ? params['registrations'] : [];
    for (const registration of list) {
      if (
        isRecord(registration) &&
        typeof registration['scopeURL'] === 'string' &&
        registration['isDeleted'] !== true
      ) {
        this.record('service-worker', registration['scopeURL'], false);
      }
    }
  }

  private frameLoading(params: unknown, loading: boolean): void {
    if (isRecord(params) && params['frameId'] === this.mainFrameId) this.loading = loading;
  }

  /**
   * Checks the page at `url` (`exit`: the redirect destination it may go to on its own; `fillSharedNav`:
   * its shared sidebar is drawn whole) and returns the outside requests it tried. Throws ProbeError when
   * it does not finish in time or the target dies.
   */
  async check(page: CheckedPage, timeouts: ProbeTimeouts): Promise<CheckedLoad> {
    const { url, exit } = page;
    this.throwIfGone();
    const attempts = new Map<string, Recorded>();
    const deps = new Set<string>();
    this.attempts = attempts;
    this.deps = deps;
    this.exit = exit;
    this.loadErrors.start();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ProbeError(`did not finish within ${timeouts.pageMs} ms`)), timeouts.pageMs);
    });
    try {
      const deadline = performance.now() + timeouts.pageMs;
      await Promise.race([this.visit(url, page.fillSharedNav, timeouts.settleMs, deadline), expired]);
      return { attempts: withoutEchoes([...attempts.values()]), deps: [...deps], errors: this.loadErrors.stop() };
    } finally {
      this.loadErrors.stop();
      clearTimeout(timer);
      expired.catch(() => undefined);
      this.attempts = null;
      this.deps = null;
      this.exit = null;
    }
  }

  private async visit(url: string, fillSharedNav: boolean, settleMs: number, deadline: number): Promise<void> {
    this.loading = true;
    this.arrived = false;
    this.world = null;
    const navigated = await this.target.send<{ frameId?: string; errorText?: string }>('Page.navigate', { url });
    if (navigated.errorText) throw new ProbeError(`navigation failed: ${navigated.errorText}`);
    this.mainFrameId = navigated.frameId ?? this.mainFrameId;
    // The load handlers have run once the frame stops loading: interact at once, then let it all settle.
    await this.settle(0, deadline);
    await this.inPage(interactExpression(fillSharedNav), true);
    await this.settle(settleMs, deadline);
    for (const hint of await this.inPage(SCAN_EXPRESSION, false)) {
      this.reported({ name: REPORT_BINDING, payload: JSON.stringify(hint) });
    }
    // Leaving the page fires its pagehide and unload handlers (beacons) while the check still listens.
    await this.target.send('Page.navigate', { url: 'about:blank' });
    await sleep(5);
  }

  /**
   * Waits until the main frame has stopped loading and stayed so for `ms` (a redirect page's refresh
   * included). Stops when the target goes away: a closed one never reports that its frame stopped, and
   * waiting out the page's time would hold a cancelled export's cleanup for as long.
   */
  private async settle(ms: number, deadline: number): Promise<void> {
    for (;;) {
      while (this.loading && this.closedReason === null && performance.now() < deadline) await sleep(10);
      this.throwIfGone();
      await sleep(ms);
      if (!this.loading) return;
      // Past its time the check has failed already (see check): this only stops the loop.
      if (performance.now() >= deadline) throw new ProbeError('the page never stopped loading');
    }
  }

  /** Throws when the target closed under the check (a crash, a cancelled export closing the browser). */
  private throwIfGone(): void {
    if (this.closedReason !== null) throw new ProbeError(`the renderer went away (${this.closedReason})`);
  }

  /** Evaluates in an isolated world of the main frame (page scripts cannot tamper with it); [] if it left. */
  private async inPage(expression: string, awaitPromise: boolean): Promise<unknown[]> {
    const frameId = this.mainFrameId;
    if (frameId === null) return [];
    try {
      this.world ??= (
        await this.target.send<{ executionContextId: number }>('Page.createIsolatedWorld', {
          frameId,
          worldName: 'offprint-egress-check',
        })
      ).executionContextId;
      const out = await this.target.send<Evaluated>('Runtime.evaluate', {
        expression,
        contextId: this.world,
        awaitPromise,
        returnByValue: true,
      });
      const value: unknown = out.result?.value;
      return Array.isArray(value) ? value.map((item: unknown) => item) : [];
    } catch (error) {
      // The document went away under the evaluation (it navigated): what it loaded is recorded already.
      this.world = null;
      this.throwIfGone();
      if (error instanceof Error && /context|destroyed|navigat/i.test(error.message)) return [];
      throw error;
    }
  }
}
