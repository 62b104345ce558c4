/**
 * The egress check as an export run uses it: after assembly, before the manifest (which carries the
 * result as `egressProof`), with the run's browser factory, concurrency, signal and progress reports.
 */
import { join } from 'node:path';
import type { ExportRunInput } from '../contract.js';
import type { EgressProof } from '../egressProof.js';
import { proveZeroEgress } from './prove.js';
import type { BundleDigests } from './proofStore.js';

export { proveZeroEgress, DEFAULT_PROBE_TIMEOUTS, type EgressCheckInput } from './prove.js';

/** The assembled bundle the check opens. */
export interface CheckedBundle {
  readonly bundleDir: string;
  /** Every file of the bundle folder (its `.html` files are the pages checked). */
  readonly files: readonly string[];
  readonly redirects: readonly { readonly file: string; readonly destination: string }[];
  /** Digest of the bundle's files: with the browser, it says which loads an interrupted check did. */
  readonly digest: string;
  /** The sha256 of each file, by bundle path: which loads an earlier export proved for the same bytes. */
  readonly digests: BundleDigests;
}

/** The check's journal in the export's work folder (journal.ts). */
const JOURNAL_FILE = 'egress-check.jsonl';

/**
 * Runs the check for export `run` (phase `proving`); `pagesTotal` is the run's page count, kept in its
 * progress reports. Throws ExportFailedError on a request outside the bundle unless the run allows them.
 */
export async function runEgressCheck(
  run: ExportRunInput,
  bundle: CheckedBundle,
  pagesTotal: number,
): Promise<EgressProof> {
  const { deps, options, signal } = run;
  let reusedLoads = 0;
  const report = (currentPage: string | null, checked: { done: number; total: number }): void =>
    run.onProgress({
      phase: 'proving',
      pagesDone: pagesTotal,
      pagesTotal,
      currentPage,
      checked: reusedLoads > 0 ? { ...checked, reused: reusedLoads } : checked,
    });
  report(null, { done: 0, total: 0 });
  const started = Date.now();
  const { digest, digests, ...checked } = bundle;
  const proof = await proveZeroEgress({
    ...checked,
    journal: { file: join(run.workDir, JOURNAL_FILE), bundleDigest: digest },
    ...(run.egressProofs === undefined ? {} : { proofs: { file: run.egressProofs, digests } }),
    features: options.features,
    allowEgress: options.allowEgress ?? false,
    time: run.createdAt,
    backend: run.backend,
    concurrency: run.concurrency,
    ...(run.pagesPerTarget === undefined ? {} : { pagesPerTarget: run.pagesPerTarget }),
    signal,
    logger: deps.logger,
    onStart: (done, total, reused) => {
      reusedLoads = reused;
      if (reused > 0)
        deps.logger.info({ reused, total }, 'export: egress check reuses page loads an earlier export proved');
      if (done > reused)
        deps.logger.info({ done: done - reused, total }, 'export: egress check goes on from the page loads checked');
      report(null, { done, total });
    },
    onPage: (file, done, total) => report(file, { done, total }),
  });
  deps.logger.info(
    { ms: Date.now() - started, pages: proof.pagesChecked, modes: proof.modes, blocked: proof.blocked },
    'export: egress check done',
  );
  return proof;
}
