/**
 * The zero-egress check of a finished bundle folder: every page (every `.html` file: content pages,
 * 404.html, redirect pages, verify.html) is opened in Chromium from file:// and from a throwaway static
 * server, with the export's concurrency, one target per worker reused load after load (a fresh one every
 * PAGES_PER_TARGET loads), and a crashed target or browser replaced like the rendering does; each load
 * checked is journaled (journal.ts), so a check stopped half-way goes on where it was. Every
 * request outside the bundle is blocked and counted by kind (probe.ts). The result is the manifest's
 * `egressProof`; a request outside the bundle fails the export, naming each, unless the export allows
 * egress explicitly (then they are its `failures`).
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Logger } from '../../logger.js';
import type { RenderBackendFactory } from '../../render/cdp.js';
import { ExportFailedError, type ResolvedExportFeatures } from '../contract.js';
import { bundleCsp, connectOrigins } from '../csp.js';
import { EGRESS_KINDS, type EgressKind, type EgressProof } from '../egressProof.js';
import { BrowserHolder, PAGE_ATTEMPTS, PAGES_PER_TARGET } from '../render.js';
import { OFFPRINT_VERSION } from '../../version.js';
import type { Attempt } from './attempts.js';
import { CheckJournal, checkKey } from './journal.js';
import { ProbeError, ProbeTarget, type ProbeTimeouts } from './probe.js';
import { BundleScope } from './scope.js';
import { sharedNavFillers } from './sharedNavFill.js';
import { startStaticHost } from './staticHost.js';

/** How a page is opened. */
export type ProofMode = EgressProof['modes'][number];

/** Default {@link ProbeTimeouts}. */
export const DEFAULT_PROBE_TIMEOUTS: ProbeTimeouts = { pageMs: 30_000, settleMs: 50 };

/** Failures named in the error of a failed export; the rest are counted. */
const LISTED_FAILURES = 20;

/** Inputs of {@link proveZeroEgress}. */
export interface EgressCheckInput {
  /** The assembled bundle folder. */
  readonly bundleDir: string;
  /** Every file of the bundle, bundle-relative (the `.html` ones are checked). */
  readonly files: readonly string[];
  /** Redirect pages and where they send the reader (a redirect out of the bundle is a link, not egress). */
  readonly redirects: readonly { readonly file: string; readonly destination: string }[];
  /** The export's features: the policy the static server sends, and the collectors pages may contact. */
  readonly features: ResolvedExportFeatures;
  /** Record requests outside the bundle as failures instead of failing. */
  readonly allowEgress: boolean;
  /** ISO-8601 time the proof records (the manifest's `createdAt`). */
  readonly time: string;
  readonly backend: RenderBackendFactory;
  readonly concurrency: number;
  readonly signal: AbortSignal;
  readonly logger: Logger;
  readonly timeouts?: Partial<ProbeTimeouts>;
  /** Page loads a target checks before a fresh one (default: render.ts's PAGES_PER_TARGET). */
  readonly pagesPerTarget?: number;
  /**
   * Where the check records each page load it has checked (in the export's work folder), and the digest
   * of the bundle's files: a check of the same bundle with the same browser goes on from the loads an
   * interrupted one recorded. None: every load is checked.
   */
  readonly journal?: { readonly file: string; readonly bundleDigest: string };
  /** The check starts: `done` of its `total` loads were checked by an interrupted run of it. */
  readonly onStart?: (done: number, total: number) => void;
  /** A page load was checked (`done` of `total` loads: pages times modes). */
  readonly onPage?: (file: string, done: number, total: number) => void;
}

interface Load {
  readonly file: string;
  readonly mode: ProofMode;
}

/** What the check saw: every attempt, by page and mode. */
interface Seen {
  readonly page: string;
  readonly mode: ProofMode;
  readonly attempts: readonly Attempt[];
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function pageUrl(load: Load, bundleDir: string, origin: string): string {
  if (load.mode === 'file') return pathToFileURL(join(bundleDir, ...load.file.split('/'))).href;
  return `${origin}/${load.file.split('/').map(encodeURIComponent).join('/')}`;
}

/** The absolute URL a redirect page's refresh goes to when it leaves the bundle; null when it stays. */
function exitOf(destination: string): string | null {
  return /^[a-z][a-z0-9+.-]*:/i.test(destination) || destination.startsWith('//') ? destination : null;
}

/** What the workers of one check share. */
interface CheckRun {
  readonly input: EgressCheckInput;
  readonly scope: BundleScope;
  readonly browser: BrowserHolder;
  readonly origin: string;
  readonly exits: ReadonlyMap<string, string | null>;
  /** The pages that draw their shared sidebar whole (sharedNavFill.ts). */
  readonly navFillers: ReadonlySet<string>;
  readonly timeouts: ProbeTimeouts;
  readonly queue: Load[];
  readonly total: number;
  readonly seen: Seen[];
  readonly journal: CheckJournal | null;
  /** Set by the first worker that fails; the others stop taking pages. */
  failure: Error | null;
  done: number;
}

/** A new target of the run's browser, prepared for checks. */
async function openProbe(run: CheckRun): Promise<ProbeTarget> {
  return ProbeTarget.open(await (await run.browser.get()).newTarget(), run.scope);
}

/** Checks one page load, retrying on a fresh target; returns the target to go on with. */
async function checkLoad(run: CheckRun, load: Load, initial: ProbeTarget | null): Promise<ProbeTarget | null> {
  const { input } = run;
  let probe = initial;
  for (let attempt = 1; ; attempt++) {
    input.signal.throwIfAborted();
    try {
      probe ??= await openProbe(run);
      const url = pageUrl(load, input.bundleDir, run.origin);
      const exit = run.exits.get(load.file) ?? null;
      const attempts = await probe.check({ url, exit, fillSharedNav: run.navFillers.has(load.file) }, run.timeouts);
      run.seen.push({ page: load.file, mode: load.mode, attempts });
      run.journal?.record(load.file, load.mode, attempts);
      run.done += 1;
      input.onPage?.(load.file, run.done, run.total);
      return probe;
    } catch (error) {
      input.signal.throwIfAborted();
      if (error instanceof ExportFailedError) throw error;
      await probe?.target.close().catch(() => undefined);
      probe = null;
      const reason = error instanceof ProbeError ? error.message : `the renderer failed: ${reasonOf(error)}`;
      input.logger.warn({ page: load.file, mode: load.mode, attempt, reason }, 'export: egress check failed');
      if (attempt >= PAGE_ATTEMPTS) {
        throw new ExportFailedError(
          `The egress check could not open ${load.file} (${load.mode}, ${attempt} attempts): ${reason}`,
          load.file,
        );
      }
    }
  }
}

/** One worker: takes page loads from the queue with a reused target until it is empty or a worker failed. */
async function worker(run: CheckRun, initial: ProbeTarget | null): Promise<void> {
  let probe = initial;
  let loads = 0;
  try {
    for (let load = run.queue.shift(); load !== undefined && run.failure === null; load = run.queue.shift()) {
      probe = await checkLoad(run, load, probe);
      // A target is replaced now and then: the backend may keep a record of every load until it closes.
      if (++loads % (run.input.pagesPerTarget ?? PAGES_PER_TARGET) === 0) {
        await probe?.target.close().catch(() => undefined);
        probe = null;
      }
    }
  } catch (error) {
    run.failure ??= error instanceof Error ? error : new ExportFailedError(reasonOf(error));
  } finally {
    await probe?.target.close().catch(() => undefined);
  }
}

/** Opens every page of the bundle and returns the proof; throws ExportFailedError on egress (unless allowed). */
export async function proveZeroEgress(input: EgressCheckInput): Promise<EgressProof> {
  const pages = input.files.filter((file) => /\.html?$/i.test(file));
  const policy = bundleCsp({ connect: connectOrigins(input.features), frames: true });
  const host = await startStaticHost(input.bundleDir, policy);
  const browser = new BrowserHolder(input.backend, input.logger);
  const stop = (): void => void browser.close();
  input.signal.addEventListener('abort', stop, { once: true });
  try {
    const scope = new BundleScope(input.bundleDir, host.origin);
    const first = await ProbeTarget.open(await (await browser.get()).newTarget(), scope).catch((error: unknown) => {
      if (error instanceof ExportFailedError) throw error;
      throw new ExportFailedError(`The egress check could not open a browser page: ${reasonOf(error)}`);
    });
    const chromiumVersion = await first.chromiumVersion();
    // A browser elsewhere cannot open this machine's files: it is served the bundle over HTTP only.
    const modes: ProofMode[] = first.target.remote === true ? ['http'] : ['file', 'http'];
    const timeouts = { ...DEFAULT_PROBE_TIMEOUTS, ...input.timeouts };
    const exits = new Map(input.redirects.map((r) => [r.file, exitOf(r.destination)]));
    const journal =
      input.journal === undefined
        ? null
        : CheckJournal.open(
            input.journal.file,
            checkKey({
              offprint: OFFPRINT_VERSION,
              bundle: input.journal.bundleDigest,
              chromiumVersion,
              modes,
              policy,
              exits: [...exits],
              timeouts,
            }),
          );
    // Every page from disk, then every page over HTTP: a target going from one to the other changes site,
    // which costs a new renderer process, so a worker changes once instead of at every load.
    const loads: Load[] = modes.flatMap((mode) => pages.map((file) => ({ file, mode })));
    const restored = loads.flatMap((load) => {
      const entry = journal?.restored.get(CheckJournal.id(load.file, load.mode));
      return entry === undefined ? [] : [{ page: load.file, mode: load.mode, attempts: entry.attempts }];
    });
    const run: CheckRun = {
      input,
      scope,
      browser,
      origin: host.origin,
      exits,
      navFillers: sharedNavFillers(input.bundleDir, pages),
      timeouts,
      queue: loads.filter((load) => journal?.restored.has(CheckJournal.id(load.file, load.mode)) !== true),
      total: loads.length,
      seen: restored,
      journal,
      failure: null,
      done: restored.length,
    };
    input.onStart?.(run.done, run.total);
    const workers = Math.max(1, Math.min(input.concurrency, run.queue.length));
    await Promise.all(Array.from({ length: workers }, (_, i) => worker(run, i === 0 ? first : null)));
    input.signal.throwIfAborted();
    if (run.failure !== null) throw run.failure;
    return proofOf(input, pages.length, modes, chromiumVersion, run.seen);
  } finally {
    input.signal.removeEventListener('abort', stop);
    await browser.close();
    await host.close();
  }
}

/** The proof from what was seen; throws ExportFailedError naming each outside request unless allowed. */
function proofOf(
  input: EgressCheckInput,
  pagesChecked: number,
  modes: ProofMode[],
  chromiumVersion: string | null,
  seen: readonly Seen[],
): EgressProof {
  const requests = Object.fromEntries(EGRESS_KINDS.map((kind) => [kind, 0])) as Record<EgressKind, number>;
  let blocked = 0;
  const declared = new Set(connectOrigins(input.features));
  const failures = new Map<string, { page: string; kind: EgressKind; url: string }>();
  for (const { page, mode, attempts } of seen) {
    for (const attempt of attempts) {
      requests[attempt.kind] += 1;
      if (attempt.blocked) blocked += 1;
      // The collectors and API servers the export was configured with are the bundle's own endpoints.
      if (isDeclared(attempt, declared)) continue;
      input.logger.warn({ page, mode, kind: attempt.kind, url: attempt.url }, 'export: request outside the bundle');
      failures.set(`${page} ${attempt.kind} ${attempt.url}`, { page, kind: attempt.kind, url: attempt.url });
    }
  }
  const listed = [...failures.values()].sort((a, b) =>
    a.page === b.page ? (a.kind === b.kind ? cmp(a.url, b.url) : cmp(a.kind, b.kind)) : cmp(a.page, b.page),
  );
  if (listed.length > 0 && !input.allowEgress) throw egressError(listed);
  return { pagesChecked, modes, requests, blocked, chromiumVersion, time: input.time, failures: listed };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isDeclared(attempt: Attempt, declared: ReadonlySet<string>): boolean {
  if (attempt.kind !== 'http' && attempt.kind !== 'prefetch') return false;
  try {
    return declared.has(new URL(attempt.url).origin);
  } catch {
    return false;
  }
}

function egressError(failures: readonly { page: string; kind: string; url: string }[]): ExportFailedError {
  const lines = failures.slice(0, LISTED_FAILURES).map((f) => `${f.page}: ${f.kind} ${f.url}`);
  if (failures.length > LISTED_FAILURES) lines.push(`and ${failures.length - LISTED_FAILURES} more`);
  return new ExportFailedError(
    `The bundle makes ${failures.length} request${failures.length === 1 ? '' : 's'} outside itself ` +
      `(blocked by the egress check; allow egress to record them as warnings instead): ${lines.join('; ')}`,
    failures[0]?.page ?? null,
  );
}
