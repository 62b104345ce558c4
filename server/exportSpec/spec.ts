/**
 * What a static export will do, decided before anything runs: the deployment kind, the features it
 * resolves to, the pages, and how a job records them. A library: the domain (starting a job), the job
 * worker and the pipeline all read it, and it reads none of them.
 */
import type { DeploymentKind } from '../types.js';

export { DEPLOYMENT_KINDS, type DeploymentKind } from '../types.js';

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
  /**
   * Requests outside the bundle found by the egress check are recorded (manifest `egressProof.failures`,
   * warnings) instead of failing the export. Absent: false.
   */
  readonly allowEgress?: boolean;
}
