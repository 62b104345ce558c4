/**
 * What goes wrong inside the bundle while the egress check opens a page: a file of the bundle the page
 * asks for that is not there (a 404 over HTTP, a file:// URL naming no file), and the errors its scripts
 * log or throw. A bundle carries no project script (only the theme's), so either is a fault of the
 * export, one its readers would meet on that page: the check records them (the proof's `pageErrors`, the
 * export's warnings) so nobody needs to open every page again to know the bundle works.
 */
import type { CdpTarget } from '../../render/cdp.js';
import { isRecord } from '../captureScripts.js';
import { consoleErrorOf, exceptionOf } from '../consoleErrors.js';
import type { LoadError } from '../egressProof.js';
import { MANIFEST_FILE } from '../manifest.js';
import { MANIFEST_SCRIPT_FILE, SIGNATURE_FILE } from '../signature.js';
import { compareText } from './attempts.js';
import type { BundleScope } from './scope.js';

/** Errors kept per page load: a page logging in a loop says enough with the first few. */
const MAX_PER_LOAD = 20;
/** Characters kept of one error's text (a stack trace says where in its first lines). */
const MAX_DETAIL = 300;

/** A request was cancelled (the check left the page, or the page replaced it): no fault of the file. */
const ABORTED = 'net::ERR_ABORTED';

/**
 * Bundle files not there yet while the check runs, through no fault of a page: the signed manifest and its
 * script (verify.html reads them) are written once the check is done, since they carry its proof.
 */
const WRITTEN_AFTER_CHECK = new Set([MANIFEST_FILE, MANIFEST_SCRIPT_FILE, SIGNATURE_FILE]);

/**
 * Asked for by the browser itself, not the page, when a page names no icon (a redirect page, a site with
 * no favicon); a miss there is one on any static host, not an error on the page.
 */
const BROWSER_ICON = 'favicon.ico';

/** Watches one target's loads for errors inside the bundle; records them while a load is checked. */
export class LoadErrorWatch {
  /** URLs of the requests in flight that name the bundle, by request id. */
  private readonly requests = new Map<string, string>();
  /** The errors of the load being checked (null between checks), by `kind detail`. */
  private errors: Map<string, LoadError> | null = null;

  constructor(private readonly scope: BundleScope) {}

  /** Listens to `target` (its Network and Runtime domains must be enabled). */
  attach(target: CdpTarget): void {
    target.on('Network.requestWillBeSent', (params) => {
      if (!isRecord(params) || typeof params['requestId'] !== 'string' || !isRecord(params['request'])) return;
      const url = params['request']['url'];
      if (typeof url === 'string' && this.scope.dependency(url) !== null) this.requests.set(params['requestId'], url);
    });
    target.on('Network.responseReceived', (params) => {
      if (!isRecord(params) || !isRecord(params['response'])) return;
      const { url, status } = params['response'];
      if (typeof url !== 'string' || typeof status !== 'number' || status < 400) return;
      if (this.scope.dependency(url) !== null) this.missing(url, `HTTP ${status}`);
    });
    target.on('Network.loadingFailed', (params) => {
      if (!isRecord(params) || typeof params['requestId'] !== 'string') return;
      const url = this.requests.get(params['requestId']);
      this.requests.delete(params['requestId']);
      const reason = typeof params['errorText'] === 'string' ? params['errorText'] : 'failed';
      if (url !== undefined && params['canceled'] !== true && reason !== ABORTED) this.missing(url, reason);
    });
    target.on('Network.loadingFinished', (params) => {
      if (isRecord(params) && typeof params['requestId'] === 'string') this.requests.delete(params['requestId']);
    });
    target.on('Runtime.consoleAPICalled', (params) => {
      const error = consoleErrorOf(params);
      if (error !== null) this.add('script-error', error);
    });
    target.on('Runtime.exceptionThrown', (params) => this.add('script-error', exceptionOf(params)));
  }

  /** Starts recording the errors of a new load. */
  start(): void {
    this.requests.clear();
    this.errors = new Map();
  }

  /** Stops recording and returns the load's errors, in a stable order. */
  stop(): LoadError[] {
    const errors = [...(this.errors?.values() ?? [])];
    this.errors = null;
    return errors.sort((a, b) => compareText(a.kind, b.kind) || compareText(a.detail, b.detail));
  }

  private missing(url: string, reason: string): void {
    const file = this.scope.shown(url);
    if (WRITTEN_AFTER_CHECK.has(file) || (file === BROWSER_ICON && !url.startsWith('file:'))) return;
    this.add('missing-file', `${file} (${reason})`);
  }

  private add(kind: LoadError['kind'], text: string): void {
    if (this.errors === null || this.errors.size >= MAX_PER_LOAD) return;
    // One line (an exception's stack is one frame a line), bundle-relative like the rest of the proof: the
    // same bundle gives the same text however it was opened.
    let detail = text.replace(/\s*\n\s*/g, ' ');
    for (const prefix of this.scope.localPrefixes) detail = detail.split(prefix).join('');
    detail = detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL - 1)}…` : detail;
    this.errors.set(`${kind} ${detail}`, { kind, detail });
  }
}
