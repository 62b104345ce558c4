/**
 * Rendering the pages of an export with a pool of CDP targets: `concurrency` workers, each keeping a
 * target alive across its pages (a fresh one every {@link PAGES_PER_TARGET} pages). A page that hangs or
 * crashes its renderer gets a fresh target and is tried again (twice), then fails the run naming the
 * page; a browser that died is relaunched through the factory; an abort closes the browser and stops
 * everything at once.
 */
import type { Logger } from '../logger.js';
import type { CdpTarget, RenderBackend, RenderBackendFactory } from '../render/cdp.js';
import { CaptureError, CaptureTarget, productOf, type CapturedPage, type CaptureTimeouts } from './capture.js';
import { captureKey, type CaptureCache } from './captureCache.js';
import { ExportFailedError } from './contract.js';
import { eachLimited } from './pacing.js';
import type { SiteDigests } from './siteDigests.js';
import type { PageNotes, PageStore } from './workDir.js';

/** Attempts per page: the first one and two retries. */
export const PAGE_ATTEMPTS = 3;

/**
 * Pages a target renders (or the egress check loads) before it is replaced by a fresh one. Playwright
 * keeps a record of every request a page made (request, response, their protocol dispatchers: ~15 KB per
 * page load here) until the page's context closes: with targets kept for a whole 2,000-page export, the
 * live heap grew by ~80 MB over the rendering and ~60 MB over the egress check (issue 13). A fresh target
 * costs 0.1-0.3 s (measured on 2 busy cores), once per 100 pages.
 */
export const PAGES_PER_TARGET = 100;

/** Inputs of {@link renderPages}. */
export interface RenderPagesInput {
  readonly pages: readonly string[];
  readonly store: PageStore;
  readonly origin: string;
  readonly backend: RenderBackendFactory;
  readonly concurrency: number;
  readonly timeouts: CaptureTimeouts;
  readonly signal: AbortSignal;
  readonly logger: Logger;
  /** A page is about to be rendered. */
  readonly onStart: (path: string) => void;
  /** A page was captured and saved. */
  readonly onDone: (path: string) => void;
  /** Pages a target renders before a fresh one (default {@link PAGES_PER_TARGET}). */
  readonly pagesPerTarget?: number;
  /**
   * Captures are kept for reuse: each records what it was made of (`digests` of the site's answers),
   * and a page whose kept capture of the project's last export (`cache`) was made of the same is taken
   * from it instead of being rendered ({@link RenderPagesInput.onReused}).
   */
  readonly reuse?: { readonly cache: CaptureCache | null; readonly digests: SiteDigests };
  /** A page was taken from the project's last export (instead of onStart and onDone). */
  readonly onReused?: (path: string) => void;
}

/** Kept captures looked at once (each asks the site server for the answers the page was made of). */
const REUSE_CONCURRENCY = 4;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The browser of a run (the rendering, then the egress check): launched on first use, relaunched when it
 * died, closed at the end.
 */
export class BrowserHolder {
  private current: Promise<RenderBackend> | null = null;
  private closed = false;
  private closing: Promise<void> | null = null;

  constructor(
    private readonly factory: RenderBackendFactory,
    private readonly logger: Logger,
  ) {}

  async get(): Promise<RenderBackend> {
    if (this.closed) throw new ExportFailedError('The browser was closed');
    const held = this.current;
    if (held !== null) {
      // A launch another worker started and that failed fails this worker the same way (not as a page).
      const backend = await held.catch((error: unknown) => {
        throw new ExportFailedError(`The browser could not be started: ${reasonOf(error)}`);
      });
      if (backend.isConnected()) return backend;
      // Several workers may notice at once: only the first one relaunches.
      if (this.current === held) {
        this.logger.warn({ backend: backend.name }, 'export: the browser died, relaunching it');
        this.current = null;
        backend.close().catch(() => undefined);
      }
      return this.get();
    }
    const launching = this.factory();
    this.current = launching;
    try {
      const backend = await launching;
      if (this.closed) await backend.close();
      return backend;
    } catch (error) {
      if (this.current === launching) this.current = null;
      throw new ExportFailedError(`The browser could not be started: ${reasonOf(error)}`);
    }
  }

  /** Closes the browser; every call waits for the same close. */
  close(): Promise<void> {
    if (this.closing === null) {
      this.closed = true;
      const held = this.current;
      this.current = null;
      this.closing = (async () => {
        if (held !== null) await (await held.catch(() => null))?.close();
      })();
    }
    return this.closing;
  }
}

/** The product string of the browser `browser` holds (one short-lived target asks it). */
async function browserVersion(browser: BrowserHolder): Promise<string | null> {
  const target = await (await browser.get()).newTarget();
  try {
    return await productOf(target);
  } finally {
    await target.close().catch(() => undefined);
  }
}

/**
 * Takes from the project's last export the pages of `queue` it captured out of the same answers with
 * the same browser; returns the pages left to render.
 */
async function takeKeptCaptures(input: RenderPagesInput, queue: string[], browser: BrowserHolder): Promise<string[]> {
  const { cache = null, digests } = input.reuse ?? {};
  if (cache === null || digests === undefined) return queue;
  const key = captureKey(await browserVersion(browser));
  const left: string[] = [];
  await eachLimited(queue, REUSE_CONCURRENCY, async (path) => {
    input.signal.throwIfAborted();
    const notes = await cache.reuse(path, key, digests, input.store);
    if (notes === null) {
      left.push(path);
      return;
    }
    logPageNotes(input.logger, notes);
    input.onReused?.(path);
  });
  // In the order asked for, whatever order the checks ended in.
  const rendered = new Set(left);
  return queue.filter((path) => rendered.has(path));
}

/** Logs what a capture reported (the same whether the page was rendered now or by the last export). */
function logPageNotes(logger: Logger, notes: PageNotes): void {
  for (const error of notes.errors) logger.warn({ page: notes.path, error }, 'export: page error');
  for (const url of notes.blocked) logger.info({ page: notes.path, url }, 'export: request blocked');
}

/** The notes saved with a capture: what it reported and, when it is kept for reuse, what it was made of. */
async function notesOf(
  input: RenderPagesInput,
  path: string,
  captured: CapturedPage,
  browser: string | null,
): Promise<PageNotes> {
  const notes = { path, blocked: captured.blocked, errors: captured.errors };
  if (input.reuse === undefined || captured.requests === null) return notes;
  const requests = await input.reuse.digests.describe(captured.requests);
  return requests === null ? notes : { ...notes, reuse: { key: captureKey(browser), requests } };
}

/** Renders and saves every page of `pages` not already in the store. */
export async function renderPages(input: RenderPagesInput): Promise<void> {
  let queue = input.pages.filter((path) => !input.store.has(path));
  if (queue.length === 0) return;
  const browser = new BrowserHolder(input.backend, input.logger);
  // Set by the first worker that fails; the others stop taking pages.
  const state: { failure: Error | null } = { failure: null };
  const stop = (): void => {
    void browser.close();
  };
  input.signal.addEventListener('abort', stop, { once: true });

  const worker = async (): Promise<void> => {
    let target: CaptureTarget | null = null;
    let rendered = 0;
    const drop = async (): Promise<void> => {
      const old: CdpTarget | undefined = target?.target;
      [target, rendered] = [null, 0];
      await old?.close().catch(() => undefined);
    };
    try {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        if (state.failure !== null) return;
        input.signal.throwIfAborted();
        input.onStart(path);
        for (let attempt = 1; ; attempt++) {
          try {
            target ??= await CaptureTarget.open(await (await browser.get()).newTarget(), input.origin);
            const captured = await target.capture(path, input.timeouts);
            input.signal.throwIfAborted();
            const notes = await notesOf(input, path, captured, target.browserVersion);
            logPageNotes(input.logger, notes);
            input.store.save(notes, captured.html);
            input.onDone(path);
            if (++rendered >= (input.pagesPerTarget ?? PAGES_PER_TARGET)) await drop();
            break;
          } catch (error) {
            input.signal.throwIfAborted();
            if (error instanceof ExportFailedError) throw error;
            await drop();
            // Anything else from the target (a crash mid-command, a closed session) is retried like a hang.
            const reason = error instanceof CaptureError ? error.message : `the renderer failed: ${reasonOf(error)}`;
            input.logger.warn({ page: path, attempt, reason }, 'export: page capture failed');
            if (attempt >= PAGE_ATTEMPTS) {
              throw new ExportFailedError(`Page ${path} could not be rendered (${attempt} attempts): ${reason}`, path);
            }
          }
        }
      }
    } catch (error) {
      state.failure ??= error instanceof Error ? error : new ExportFailedError(reasonOf(error));
    } finally {
      await drop();
    }
  };

  try {
    queue = await takeKeptCaptures(input, queue, browser);
    const workers = Math.max(1, Math.min(input.concurrency, queue.length));
    if (queue.length > 0) await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    input.signal.removeEventListener('abort', stop);
    await browser.close();
  }
  input.signal.throwIfAborted();
  if (state.failure !== null) throw state.failure;
}
