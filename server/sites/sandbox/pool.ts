/**
 * The render pool: every page of a docs project is rendered in a sandbox process (child.ts), never in
 * the server. A bounded number of processes, each bound to one project folder (the only data it may
 * read); a bounded queue in front of them; a time limit per page. A page that loops, explodes or
 * crashes fails alone with a reason; the server's event loop only waits on messages, so the API, the
 * dashboard and every other site stay responsive while imports and renders run.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../../logger.js';
import type { IconLibrary, RenderedPage } from '../render/types.js';
import { forkLauncher, sandboxExecArgv, type SandboxLauncher } from './launcher.js';
import type { PlainCodeBlock } from './protocol.js';
import { SandboxFailure, SandboxWorker, type WorkerLimits } from './worker.js';

export { SandboxFailure } from './worker.js';

/** Settings of a pool; every field has a default (see DEFAULT_SANDBOX_OPTIONS). */
export interface SandboxOptions {
  readonly launcher: SandboxLauncher;
  /** Sandbox processes at once. */
  readonly maxProcesses: number;
  /** Pages waiting for a process; more are refused at once ("busy") rather than queued without bound. */
  readonly maxQueued: number;
  /** Wall time one page may take in its sandbox. */
  readonly pageTimeoutMs: number;
  /** Heap cap of one sandbox process. */
  readonly memoryMb: number;
  /** A process idle this long is ended (its memory returned). */
  readonly idleMs: number;
  /** The runtime version the children run (selects the permission flag's name). */
  readonly nodeVersion: string;
}

/** Defaults: two processes (the 2-core machines Offprint is measured on), 10 s a page, 512 MB each. */
export const DEFAULT_SANDBOX_OPTIONS: SandboxOptions = {
  launcher: forkLauncher,
  maxProcesses: 2,
  maxQueued: 10_000,
  pageTimeoutMs: 10_000,
  memoryMb: 512,
  idleMs: 60_000,
  nodeVersion: process.versions.node,
};

/** How many times the page time a page's second try may take, once its first overran (see askTwice). */
const RETRY_TIME_FACTOR = 3;

/** What a page render needs besides its project folder. */
export interface SandboxRenderInput {
  readonly file: string;
  readonly variables: Readonly<Record<string, string>>;
  readonly iconLibrary: IconLibrary;
  /** Packed copies of remote media: URL -> root-relative path. */
  readonly packedAssets?: Readonly<Record<string, string>>;
  /** Only headings, text and the lists are wanted (a search index): the body's HTML comes back empty. */
  readonly summary?: boolean;
}

/** A request waiting for a process of its project: what it asks of the worker, and where the answer goes. */
interface Queued {
  readonly rootDir: string;
  /** Asks `worker`; resolves with what hands the answer over (once the worker is free again). */
  readonly run: (worker: SandboxWorker) => Promise<() => void>;
  readonly reject: (error: unknown) => void;
}

/**
 * The built child entry (dist/), also when this module runs from source under the test runner: the bundle
 * `npm run build` makes (build.mjs: one file starts in half the time), else tsc's module of it.
 */
function childEntry(): string {
  const candidates = ['./child.bundle.js', './child.js', '../../../dist/server/sites/sandbox/child.bundle.js'];
  const found = candidates
    .map((path) => fileURLToPath(new URL(path, import.meta.url)))
    .find((path) => existsSync(path));
  return found ?? fileURLToPath(new URL('../../../dist/server/sites/sandbox/child.js', import.meta.url));
}

/** What a sandbox may read besides its project: the app's compiled code and its packages. */
function appReadPaths(entry: string): string[] {
  const distRoot = join(dirname(entry), '..', '..', '..');
  const appRoot = dirname(distRoot);
  // Both spellings: Node's module resolver checks the path as linked (a symlinked node_modules) as well
  // as the real one.
  const paths = [distRoot, join(appRoot, 'node_modules'), join(appRoot, 'package.json')].filter((p) => existsSync(p));
  return [...new Set(paths.flatMap((path) => [resolve(path), realpathSync(path)]))];
}

/** A pool of render sandboxes. */
export class RenderSandbox {
  private readonly options: SandboxOptions;
  private readonly workers = new Set<SandboxWorker>();
  private readonly queue: Queued[] = [];
  private readonly realRoots = new Map<string, string>();
  private readonly entry = childEntry();
  private readonly readPaths = appReadPaths(this.entry);
  private readonly idleTimer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly logger: Logger,
    options: Partial<SandboxOptions> = {},
  ) {
    this.options = { ...DEFAULT_SANDBOX_OPTIONS, ...options };
    this.idleTimer = setInterval(() => this.evictIdle(), Math.max(1000, this.options.idleMs / 2));
    this.idleTimer.unref();
  }

  /** Pages it renders at once: callers that render many pages run this many at a time. */
  get concurrency(): number {
    return this.options.maxProcesses;
  }

  /**
   * Renders `input.file` of the project in `rootDir`. Rejects with a SandboxFailure saying why when the
   * page could not be rendered in its sandbox (timed out, out of memory, crashed, or the pool is full).
   */
  render(rootDir: string, input: SandboxRenderInput): Promise<RenderedPage> {
    return this.askTwice(rootDir, (worker, timeoutMs) => worker.render(input, timeoutMs));
  }

  /**
   * The `<pre>` HTML of each of `blocks` (code the server writes itself, such as an endpoint page's samples),
   * highlighted in a sandbox of the project in `rootDir`, so that loading a grammar never holds the server's
   * event loop. Rejects with a SandboxFailure like {@link render}.
   */
  highlight(rootDir: string, blocks: readonly PlainCodeBlock[]): Promise<string[]> {
    return this.askTwice(rootDir, (worker, timeoutMs) => worker.highlight(blocks, timeoutMs));
  }

  /**
   * Asks once within the page time and, when that ran out, once more within {@link RETRY_TIME_FACTOR}
   * times it. The limit is wall time: on a loaded machine (an export beside other work) a page that
   * takes a second can overrun it, and its error box would be cached and exported as the page. A page
   * that loops still fails, with the first reason (its configured limit), after both times.
   */
  private async askTwice<T>(
    rootDir: string,
    ask: (worker: SandboxWorker, timeoutMs: number | undefined) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.enqueue(rootDir, (worker) => ask(worker, undefined));
    } catch (error) {
      if (!(error instanceof SandboxFailure) || !error.timedOut) throw error;
      const longer = this.options.pageTimeoutMs * RETRY_TIME_FACTOR;
      this.logger.warn({ rootDir, reason: error.message }, 'render sandbox: trying the page again with more time');
      return this.enqueue(rootDir, (worker) => ask(worker, longer)).catch((again: unknown) => {
        throw again instanceof SandboxFailure && again.timedOut ? error : again;
      });
    }
  }

  private enqueue<T>(rootDir: string, ask: (worker: SandboxWorker) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new SandboxFailure('the server is shutting down'));
    if (this.queue.length >= this.options.maxQueued) {
      return Promise.reject(
        new SandboxFailure('the server is busy rendering other pages; try again shortly', undefined, false, true),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const run = (worker: SandboxWorker): Promise<() => void> => ask(worker).then((answer) => () => resolve(answer));
      this.queue.push({ rootDir: this.realRoot(rootDir), run, reject });
      this.pump();
    });
  }

  /**
   * A project folder's real path, resolved once per folder rather than on every page (the permission
   * model compares real paths; builds are never moved while served).
   */
  private realRoot(rootDir: string): string {
    let real = this.realRoots.get(rootDir);
    if (real === undefined) {
      real = realpathSync(rootDir);
      if (this.realRoots.size >= 256) this.realRoots.clear();
      this.realRoots.set(rootDir, real);
    }
    return real;
  }

  /** Ends every sandbox process; renders still queued fail. */
  close(): void {
    this.closed = true;
    clearInterval(this.idleTimer);
    for (const worker of this.workers) worker.stop();
    for (const queued of this.queue.splice(0)) queued.reject(new SandboxFailure('the server is shutting down'));
  }

  /** Hands queued pages to free processes, in order, starting or replacing processes as needed. */
  private pump(): void {
    while (this.queue.length > 0) {
      const head = this.queue[0];
      if (head === undefined) return;
      const worker = this.workerFor(head.rootDir);
      if (worker === null) return;
      this.queue.shift();
      this.run(worker, head);
    }
  }

  private workerFor(rootDir: string): SandboxWorker | null {
    const idle = [...this.workers].filter((w) => !w.busy && w.isAlive);
    const same = idle.find((w) => w.rootDir === rootDir);
    if (same !== undefined) return same;
    if (this.workers.size >= this.options.maxProcesses) {
      // Full: make room by ending the longest-idle process of another project, if any is idle.
      const oldest = idle.sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (oldest === undefined) return null;
      oldest.stop();
    }
    return this.spawn(rootDir);
  }

  private spawn(rootDir: string): SandboxWorker {
    const limits: WorkerLimits = {
      pageTimeoutMs: this.options.pageTimeoutMs,
      startTimeoutMs: Math.max(30_000, this.options.pageTimeoutMs),
      memoryMb: this.options.memoryMb,
    };
    const execArgv = sandboxExecArgv([...this.readPaths, rootDir], limits, this.options.nodeVersion);
    const worker = new SandboxWorker(
      rootDir,
      this.options.launcher,
      { entry: this.entry, args: [rootDir], execArgv },
      limits,
      (dead, detail) => this.buried(dead, detail),
      (ready, nodeEnv) => this.logger.debug({ rootDir: ready.rootDir, nodeEnv }, 'render sandbox ready'),
    );
    this.workers.add(worker);
    return worker;
  }

  private run(worker: SandboxWorker, queued: Queued): void {
    worker.busy = true;
    queued.run(worker).then(
      (settle) => this.finished(worker, settle),
      (error: unknown) => this.finished(worker, () => queued.reject(error)),
    );
  }

  private finished(worker: SandboxWorker, settle: () => void): void {
    worker.busy = false;
    worker.lastUsed = Date.now();
    settle();
    this.pump();
  }

  private buried(worker: SandboxWorker, detail: string): void {
    this.workers.delete(worker);
    if (!this.closed && !detail.startsWith('the render sandbox was stopped')) {
      this.logger.warn({ rootDir: worker.rootDir, detail }, 'render sandbox ended');
    }
    // Its page (if any) was rejected; the next queued page gets a fresh process.
    queueMicrotask(() => this.pump());
  }

  private evictIdle(): void {
    const now = Date.now();
    for (const worker of this.workers) {
      if (!worker.busy && now - worker.lastUsed > this.options.idleMs) worker.stop();
    }
  }
}
