/**
 * The boundary between static-export jobs (durable rows, worker, API, CLI: `server/jobs`,
 * `server/domain/exports`) and the export pipeline (Chromium capture, bundle assembly: `server/export`).
 * The job side decides *when* and *what*; the pipeline turns one site build into one deterministic zip.
 */
import type { SiteDeps } from '../deps.js';
import type { ExportOptions } from '../exportSpec/spec.js';
import type { RenderBackendFactory } from '../render/cdp.js';
import type { EgressProof } from './egressProof.js';
import type { BundleSigner } from './signature.js';

export {
  DEPLOYMENT_KINDS,
  type DeploymentKind,
  type ExportOptions,
  type ResolvedExportFeatures,
} from '../exportSpec/spec.js';

/** Live progress of a run. */
export interface ExportProgress {
  readonly phase: 'rendering' | 'assembling' | 'proving' | 'zipping';
  /** Pages captured so far, including those found captured by an earlier, interrupted run. */
  readonly pagesDone: number;
  /** Of `pagesDone`, those taken from the project's last export (captured from the same answers). */
  readonly pagesReused?: number;
  readonly pagesTotal: number;
  /** The page last started, for progress displays. */
  readonly currentPage: string | null;
  /**
   * Phase `proving` (the egress check): page loads checked so far, of all (pages times ways of opening
   * them); `reused` of those done were proved by the project's last export for the same bytes.
   */
  readonly checked?: { readonly done: number; readonly total: number; readonly reused?: number };
}

/** A finished bundle. */
export interface ExportResult {
  readonly sha256: string;
  readonly sizeBytes: number;
  readonly pageCount: number;
  /** Fingerprint of the key that signed the manifest. */
  readonly signingFingerprint: string;
  /** Requests pages tried to make outside the local site (blocked), with the page that made them. */
  readonly blockedRequests: readonly { readonly page: string; readonly url: string }[];
  /** Console errors and uncaught exceptions of pages while they were captured (also logged). */
  readonly pageErrors?: readonly { readonly page: string; readonly message: string }[];
  /** Links to an anchor their page does not have, repaired to lead to the page (each also logged). */
  readonly missingAnchors: number;
  /** Those links: the bundle file they are in and the original `href`. */
  readonly missingAnchorLinks?: readonly { readonly file: string; readonly href: string }[];
  /** Site paths pages refer to that the site does not have. */
  readonly missingFiles?: readonly string[];
  /** Requests outside the bundle the egress check saw, when the export allowed them (`allowEgress`). */
  readonly egressFailures?: readonly { readonly page: string; readonly kind: string; readonly url: string }[];
  /** Errors inside the bundle the egress check met (a file a page asked for missing, a script error). */
  readonly egressPageErrors?: NonNullable<EgressProof['pageErrors']>;
  /** The project's own scripts the `allowedScripts` setting names: every page of the bundle runs them. */
  readonly scriptsCarried?: readonly string[];
  /**
   * Bundle pages whose interactive components run in the reader's browser (the setting names
   * `components`); the others show them as the server rendered them.
   */
  readonly componentPages?: readonly string[];
  /** Integrations the setting names: loaded by the live site, left out of the bundle (they load from afar). */
  readonly integrationsLeftOut?: readonly string[];
  /** Sources of redirect patterns that lead to no exported page, so no redirect page of the bundle. */
  readonly redirectsLeftOut?: readonly string[];
  /** Site paths of the pages left out because some reader could not unpack their file (bundleFiles.ts). */
  readonly pagesLeftOut?: readonly string[];
}

/** Everything {@link runExport}-style pipelines need. */
export interface ExportRunInput {
  readonly deps: SiteDeps;
  readonly projectId: string;
  /** The site build pinned when the job started; a run fails clearly if it no longer exists. */
  readonly buildId: string;
  readonly options: ExportOptions;
  /**
   * Durable working folder of this job. Pages captured by an earlier run are found here and are not
   * rendered again; the bundle does not depend on whether the run was interrupted.
   */
  readonly workDir: string;
  /**
   * Where the project keeps the page loads its last complete egress check proved (egress/proofStore.ts):
   * loads whose page and every file it read are unchanged are not opened again. None: all are opened.
   */
  readonly egressProofs?: string;
  /**
   * Where the project keeps the pages its last export captured (captureCache.ts): a page whose capture
   * was made of the same site answers with the same browser is taken from there, not rendered; this run's
   * captures are kept there when it completes. None: every page is rendered and nothing is kept.
   */
  readonly captureCache?: string;
  /** The archive's final path; it is written under a temporary name and renamed when complete. */
  readonly outFile: string;
  readonly backend: RenderBackendFactory;
  /** Pages rendered at once. */
  readonly concurrency: number;
  readonly signal: AbortSignal;
  readonly onProgress: (progress: ExportProgress) => void;
  /**
   * Capture time limits per page (defaults: 30 s to the load event, 60 s in all); a page over them is
   * retried, then fails the run.
   */
  readonly captureTimeouts?: { readonly navigationMs?: number; readonly pageMs?: number };
  /** The organization's key the manifest is signed with. */
  readonly signer: BundleSigner;
  /**
   * ISO-8601 time the bundle records (`createdAt`): the job's creation, so a resumed job gives the same
   * bytes.
   */
  readonly createdAt: string;
  /**
   * The zero-egress check (default: egress/index.ts's `runEgressCheck`). Replaced only by tests of other
   * stages that have no browser (assembly memory at thousands of pages).
   */
  readonly egressCheck?: (
    run: ExportRunInput,
    bundle: {
      bundleDir: string;
      files: readonly string[];
      redirects: readonly { file: string; destination: string }[];
      /** Digest of the bundle's files (egress/journal.ts's `bundleDigest`). */
      digest: string;
    },
    pagesTotal: number,
  ) => Promise<EgressProof>;
  /** Heap the run may bring the process to (bytes; default: memoryGuard.ts's budget). */
  readonly heapBudgetBytes?: number;
  /**
   * Pages a browser target renders, and page loads it checks, before it is replaced by a fresh one
   * (default: render.ts's `PAGES_PER_TARGET`; tests use a few).
   */
  readonly pagesPerTarget?: number;
}

/** Thrown by a run that cannot finish; `message` says what went wrong, naming the page when one is at fault. */
export class ExportFailedError extends Error {
  constructor(
    message: string,
    readonly page: string | null = null,
  ) {
    super(message);
    this.name = 'ExportFailedError';
  }
}
