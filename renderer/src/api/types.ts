/**
 * Shapes the dashboard reads, derived from the server's zod schemas (type-only imports: no server code is
 * bundled, and a changed response shape fails to compile here).
 */
import type { z } from 'zod';
import type {
  FeedbackByPageSchema,
  FeedbackPageSchema,
  ImportResultSchema,
} from '../../../server/routes/analytics/schema.js';
import type {
  FeedbackBulkBodySchema,
  FeedbackBulkResultSchema,
  FeedbackHistorySchema,
  FeedbackPatchBodySchema,
  FeedbackStatsSchema,
} from '../../../server/routes/analytics/triageSchema.js';
import type { ApiKeySchema, CreatedKeySchema } from '../../../server/routes/keys/schema.js';
import type { ImportReportSchema, ProjectDetailSchema, ProjectSchema } from '../../../server/routes/projects/schema.js';
import type {
  BundleBodySchema,
  BundleResponseSchema,
  ExportJobListSchema,
  ExportJobSchema,
} from '../../../server/routes/exports/schema.js';
import type { SiteImportResultSchema } from '../../../server/routes/sites/schema.js';
import type { VerifyResultSchema } from '../../../server/routes/bundles/schema.js';
import type { RotatedKeySchema, SigningKeysSchema } from '../../../server/routes/signingKey/schema.js';

/** A page of feedback. */
export type FeedbackPage = z.output<typeof FeedbackPageSchema>;
/** One feedback entry. */
export type FeedbackEntry = FeedbackPage['feedback'][number];
/** Per-path counts. */
export type FeedbackByPage = z.output<typeof FeedbackByPageSchema>;
/** Totals, the series over time and the page ranking of a feedback filter. */
export type FeedbackStats = z.output<typeof FeedbackStatsSchema>;
/** An entry with its audit trail. */
export type FeedbackHistory = z.output<typeof FeedbackHistorySchema>;
/** A status change and/or note on one entry. */
export type FeedbackPatch = z.input<typeof FeedbackPatchBodySchema>;
/** A status change on many entries. */
export type FeedbackBulk = z.input<typeof FeedbackBulkBodySchema>;
/** What a bulk change did. */
export type FeedbackBulkResult = z.output<typeof FeedbackBulkResultSchema>;
/** What an NDJSON import stored. */
export type FeedbackImportResult = z.output<typeof ImportResultSchema>;
/** An API key as listed. */
export type ApiKey = z.output<typeof ApiKeySchema>;
/** A key just created: the only time its secret is shown. */
export type CreatedKey = z.output<typeof CreatedKeySchema>;
/** A presigned link to a completed job's bundle. */
export type BundleLink = z.output<typeof BundleResponseSchema>;
/** What a zip import of a site reports. */
export type SiteImport = z.output<typeof SiteImportResultSchema>;
/** One problem of an import. */
export type SiteProblem = SiteImport['problemList'][number];

/** A project as listed, with its site's summary and URL. */
export type Project = z.output<typeof ProjectSchema>;
/** A project with its last import's report. */
export type ProjectDetail = z.output<typeof ProjectDetailSchema>;
/** What the current build's import found. */
export type ImportReport = z.output<typeof ImportReportSchema>;
/** What the report view needs: an import result (upload) and a stored report both have it. */
export type ReportView = Pick<ImportReport, 'problemsByCode' | 'problemList'> &
  Partial<Pick<ImportReport, 'skippedScripts'>>;

/** A static export job, with Offprint's extension fields (phase, ETA, size, SHA-256, warnings). */
export type ExportJob = z.output<typeof ExportJobSchema>;
/** One page of the job list, and the cursor of the next (null at the end). */
export type ExportJobList = z.output<typeof ExportJobListSchema>;
/** One readable warning of an export. */
export type ExportWarning = NonNullable<ExportJob['warnings']>[number];
/** The deployment kinds an export can be made for. */
export type Deployment = ExportJob['deployment'];
/** The verdict on a bundle, with its manifest's summary. */
export type VerifyResult = z.output<typeof VerifyResultSchema>;
/** A bundle's manifest, summarised. */
export type ManifestSummary = VerifyResult['manifest'];
/** What the zero-egress check saw when it opened every page of a bundle (signed with its manifest). */
export type EgressProof = NonNullable<ManifestSummary['egressProof']>;

/** The organization's bundle signing keys: the current one and those it replaced. */
export type SigningKeys = z.output<typeof SigningKeysSchema>;
/** One bundle signing key (never its private half). */
export type SigningKey = SigningKeys['current'];
/** What a rotation did: the key retired and its replacement. */
export type RotatedKey = z.output<typeof RotatedKeySchema>;
/** Body of a bundle-link request (`deltaFrom`: a delta against an earlier job). */
export type BundleRequest = NonNullable<z.input<typeof BundleBodySchema>>;
