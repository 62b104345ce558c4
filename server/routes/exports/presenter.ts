/** Response bodies of the static export routes: fields whitelisted from the job row. */
import type { z } from 'zod';
import type { ExportJobRow } from '../../db/exportJobs.js';
import type { BundleLink } from '../../domain/exports/bundle.js';
import { jobBlockedRequests } from '../../exportSpec/jobOptions.js';
import type { BundleResponseSchema, ExportJobSchema } from './schema.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A job as the API shows it. */
export function presentExportJob(row: ExportJobRow): z.output<typeof ExportJobSchema> {
  return {
    jobId: row.id,
    status: row.status,
    progress: row.progress,
    pageCount: row.pageCount,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    error: row.error,
    domain: row.domain,
    deployment: row.deployment,
    version: row.versionLabel,
    pagesTotal: row.pagesTotal,
    blockedRequests: row.status === 'completed' ? jobBlockedRequests(row).length : null,
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
  };
}

/** A bundle link. */
export function presentBundleLink(link: BundleLink): z.output<typeof BundleResponseSchema> {
  return {
    jobId: link.jobId,
    bundleUrl: link.bundleUrl,
    sizeBytes: link.sizeBytes,
    expiresAt: new Date(link.expires * 1000).toISOString(),
    sha256: link.sha256,
  };
}
