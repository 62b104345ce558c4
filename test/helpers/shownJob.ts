/** A static export job as the API shows it (and the dashboard reads it), for tests of the dashboard's logic. */
import type { ExportJob } from '../../renderer/src/api/types.js';

/**
 * A job of one page, created and last updated at `at`, with `fields` over it; the phase and progress
 * follow the status unless given.
 */
export function shownJob(at: string, fields: Partial<ExportJob> & Pick<ExportJob, 'jobId' | 'status'>): ExportJob {
  const { status } = fields;
  return {
    progress: status === 'completed' ? 100 : 40,
    pageCount: 1,
    createdAt: at,
    updatedAt: at,
    error: null,
    domain: 'docs.test',
    deployment: 'air-gapped',
    version: null,
    pagesTotal: 1,
    blockedRequests: null,
    startedAt: at,
    completedAt: null,
    phase: status === 'running' ? 'rendering' : status,
    etaSeconds: null,
    pagesReused: 0,
    durationMs: null,
    sizeBytes: null,
    sha256: null,
    signingKeyFingerprint: null,
    warnings: null,
    warningCount: null,
    ...fields,
  };
}
