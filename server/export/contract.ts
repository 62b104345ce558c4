/**
 * The boundary between static-export jobs (durable rows, worker, API, CLI: `server/jobs`,
 * `server/domain/exports`) and the export pipeline (Chromium capture, bundle assembly: `server/export`).
 * The job side decides *when* and *what*; the pipeline turns one site build into one deterministic zip.
 */
import type { SiteDeps } from '../domain/sites.js';
import type { RenderBackendFactory } from '../render/cdp.js';

/** Where a bundle will be served (the spec's feature table). */
export const DEPLOYMENT_KINDS = ['air-gapped', 'client-hosted', 'cloud'] as const;

/** One of {@link DEPLOYMENT_KINDS}. */
export type DeploymentKind = (typeof DEPLOYMENT_KINDS)[number];

/** Features of an exported site once the deployment kind's defaults and the request are combined. */
export interface ResolvedExportFeatures {
  /** Offline search from a local index loaded by plain script tags. */
  readonly search: boolean;
  /** Reader feedback widgets, posting to this collector; null = no widgets. */
  readonly feedback: { readonly collectorUrl: string } | null;
  /** Page-view analytics, posting to this collector; null = none. */
  readonly analytics: { readonly collectorUrl: string } | null;
  /** API playground "send" buttons may call these base URLs; null = playground off. */
  readonly apiPlayground: { readonly baseUrls: readonly string[] } | null;
  /** The AI assistant (never available offline; kept for the manifest). */
  readonly assistant: boolean;
}

/** What one export produces. */
export interface ExportOptions {
  readonly deployment: DeploymentKind;
  readonly features: ResolvedExportFeatures;
  /** The `version` label given when the job started (recorded in the manifest), or null. */
  readonly versionLabel: string | null;
  /** Site paths to export (`/`, `/guides/x`), already validated; null = every page of the site. */
  readonly paths: readonly string[] | null;
}

/** Live progress of a run. */
export interface ExportProgress {
  readonly phase: 'rendering' | 'assembling';
  /** Pages captured so far, including those found captured by an earlier, interrupted run. */
  readonly pagesDone: number;
  readonly pagesTotal: number;
  /** The page last started, for progress displays. */
  readonly currentPage: string | null;
}

/** A finished bundle. */
export interface ExportResult {
  readonly sha256: string;
  readonly sizeBytes: number;
  readonly pageCount: number;
  /** Requests pages tried to make outside the local site (blocked), with the page that made them. */
  readonly blockedRequests: readonly { readonly page: string; readonly url: string }[];
  /** Console errors and uncaught exceptions of pages while they were captured (also logged). */
  readonly pageErrors?: readonly { readonly page: string; readonly message: string }[];
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
