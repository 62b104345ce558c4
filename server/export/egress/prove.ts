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
import type { EgressProof } from '../egressProof.js';
import { BrowserHolder, PAGE_ATTEMPTS, PAGES_PER_TARGET } from '../render.js';
import { OFFPRINT_VERSION } from '../../version.js';
import { CheckJournal, checkKey, type Reusable } from './journal.js';
import { loadDigest, PAGE_SCRIPTS_DIGEST, ProofStore, type BundleDigests } from './proofStore.js';
import { proofOf, type ProofMode, type Seen } from './result.js';
import { ProbeError, ProbeTarget, type ProbeTimeouts } from './probe.js';
import { BundleScope } from './scope.js';
import { sharedNavFillers } from './sharedNavFill.js';
import { startStaticHost } from './staticHost.js';

/** Default {@link ProbeTimeouts}. */
export const DEFAULT_PROBE_TIMEOUTS: ProbeTimeouts = { pageMs: 30_000, settleMs: 50 };

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
  /**
   * Where the project keeps the loads its last complete check proved (proofStore.ts), and the sha256 of
   * each file of this bundle: a load proved for the same bytes is not opened again. Needs the journal
   * (the store's next version is made of the journal's loads). None: every load is opened.
   */
  readonly proofs?: { readonly file: string; readonly digests: BundleDigests };
  /**
   * The check starts: `done` of its `total` loads need no opening, `reused` of them proved by an earlier
   * export, the others checked by an interrupted run of this one.
   */
  readonly onStart?: (done: number, total: number, reused: number) => void;
  /** A page load was checked (`done` of `total` loads: pages times modes). */
  readonly onPage?: (file: string, done: number, total: number) => void;
}

interface Load {
  readonly file: string;
  readonly mode: ProofMode;
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
  readonly reuse: ReuseRules | null;
  /** Set by the first worker that fails; the others stop taking pages. */
  failure: Error | null;
  done: number;
}

/** How a checked load is recorded for later exports to reuse (proofStore.ts). */
interface ReuseRules {
  readonly digests: BundleDigests;
  /** The load's key: the check's and the page's own rules. */
  keyOf(load: Load): string;
}

/** What a later export needs to reuse `load`, which read `deps`; null when it cannot be reused. */
function reusableOf(rules: ReuseRules | null, load: Load, deps: readonly string[]): Reusable | null {
  if (rules === null) return null;
  const digest = loadDigest(load.mode, deps, rules.digests);
  return digest === null ? null : { key: rules.keyOf(load), digest, deps };
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
      const page = { url, exit, fillSharedNav: run.navFillers.has(load.file) };
      const { attempts, deps, errors } = await probe.check(page, run.timeouts);
      run.seen.push({ page: load.file, mode: load.mode, attempts, errors });
      run.journal?.record(load.file, load.mode, attempts, errors, reusableOf(run.reuse, load, deps));
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

/** The key of a check's loads before the page's own rules: a later check reuses loads only under the same. */
function reuseBase(parts: {
  chromiumVersion: string | null;
  remote: boolean;
  policy: string;
  timeouts: ProbeTimeouts;
}): Readonly<Record<string, unknown>> {
  return { offprint: OFFPRINT_VERSION, scripts: PAGE_SCRIPTS_DIGEST, ...parts };
}

/** Opens every page of the bundle and returns the proof; throws ExportFailedError on egress (unless allowed). */
export async function proveZeroEgress(input: EgressCheckInput): Promise<EgressProof> {
  const pages = input.files.filter((file) => /\.html?$/i.test(file));
  const policy = bundleCsp({ connect: connectOrigins(input.features), frames: true });
  const host = await startStaticHost(input.bundleDir, policy);
  const browser = new BrowserHolder(input.backend, input.logger);
  const stop = (): void => void browser.close();
  input.signal.addEventListener('abort', stop, { once: true });
  // Kept whatever way the check ends (done, failed, stopped): each load the journal holds is proved.
  let store: { readonly proofs: ProofStore; readonly journal: string } | null = null;
  try {
    const scope = new BundleScope(input.bundleDir, host.origin);
    const first = await ProbeTarget.open(await (await browser.get()).newTarget(), scope).catch((error: unknown) => {
      if (error instanceof ExportFailedError) throw error;
      throw new ExportFailedError(`The egress check could not open a browser page: ${reasonOf(error)}`);
    });
    const chromiumVersion = await first.chromiumVersion();
    // A browser elsewhere cannot open this machine's files: it is served the bundle over HTTP only.
    const remote = first.target.remote === true;
    const modes: ProofMode[] = remote ? ['http'] : ['file', 'http'];
    const timeouts = { ...DEFAULT_PROBE_TIMEOUTS, ...input.timeouts };
    const exits = new Map(input.redirects.map((r) => [r.file, exitOf(r.destination)]));
    const navFillers = sharedNavFillers(input.bundleDir, pages);
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
    const base = reuseBase({ chromiumVersion, remote, policy, timeouts });
    // Proofs are reused only by a check that journals its own loads: they are added to the store from it.
    const given = journal === null ? undefined : input.proofs;
    const reuse: ReuseRules | null =
      given === undefined
        ? null
        : {
            digests: given.digests,
            keyOf: (load) =>
              checkKey({ ...base, ...load, exit: exits.get(load.file) ?? null, fill: navFillers.has(load.file) }),
          };
    const proofs = given === undefined ? null : await ProofStore.open(given.file, input.logger);
    if (proofs !== null && journal !== null) store = { proofs, journal: journal.file };
    // Every page from disk, then every page over HTTP: a target going from one to the other changes site,
    // which costs a new renderer process, so a worker changes once instead of at every load.
    const loads: Load[] = modes.flatMap((mode) => pages.map((file) => ({ file, mode })));
    const seen = loads.flatMap((load) => {
      const entry = journal?.restored.get(CheckJournal.id(load.file, load.mode));
      if (entry === undefined) return [];
      return [{ page: load.file, mode: load.mode, attempts: entry.attempts, errors: entry.errors }];
    });
    const restored = seen.length;
    let queue = loads.filter((load) => journal?.restored.has(CheckJournal.id(load.file, load.mode)) !== true);
    if (proofs !== null && reuse !== null) {
      const wanted = new Map(queue.map((load) => [CheckJournal.id(load.file, load.mode), reuse.keyOf(load)]));
      const reused = await proofs.reuse(wanted, reuse.digests);
      const ids = new Set(reused.map((entry) => CheckJournal.id(entry.file, entry.mode)));
      for (const { file, mode, attempts, errors } of reused) seen.push({ page: file, mode, attempts, errors });
      queue = queue.filter((load) => !ids.has(CheckJournal.id(load.file, load.mode)));
    }
    const run: CheckRun = {
      input,
      scope,
      browser,
      origin: host.origin,
      exits,
      navFillers,
      timeouts,
      queue,
      total: loads.length,
      seen,
      journal,
      reuse,
      failure: null,
      done: seen.length,
    };
    input.onStart?.(run.done, run.total, run.done - restored);
    const workers = Math.max(1, Math.min(input.concurrency, run.queue.length));
    await Promise.all(Array.from({ length: workers }, (_, i) => worker(run, i === 0 ? first : null)));
    input.signal.throwIfAborted();
    if (run.failure !== null) throw run.failure;
    return proofOf(input, pages.length, modes, chromiumVersion, run.seen);
  } finally {
    input.signal.removeEventListener('abort', stop);
    await store?.proofs.commit(store.journal);
    await browser.close();
    await host.close();
  }
}
