/** Schemas of the static export routes (`/v1/static-export/jobs...`), after Mintlify's static export API. */
import { z } from 'zod';
import { wellFormedText } from '../../domain/text.js';
import { EXPORT_JOB_FILTER_STATUSES, EXPORT_JOB_STATUSES } from '../../db/exportJobs.js';
import { DEPLOYMENT_KINDS } from '../../types.js';
import { exportFeaturesSchema } from '../../exportSpec/features.js';
import { checkRange, dateFrom, dateTo, limitParam, RANGE_CHECK } from '../../domain/feedback/filters.js';
import { jobExtensionFields } from './jobFields.js';
import { HostnameSchema } from '../../domain/hostname.js';
import { MAX_LINK_TTL_SECONDS } from '../../domain/exports/signedUrl.js';

/** Body of `POST /v1/static-export/jobs`. */
export const StartExportBodySchema = z.strictObject({
  domain: HostnameSchema.meta({
    description: 'Hostname of the docs site to export (`docs.example.com`): no protocol, port, path or trailing slash.',
    example: 'docs.example.com',
  }),
  version: wellFormedText()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: 'A version label to tag this export with (recorded in the bundle manifest).' }),
  paths: z
    .array(wellFormedText().trim().min(1).max(1024))
    .min(1)
    .max(100_000)
    .optional()
    .meta({
      description:
        'Page paths to include (`index`, `guides/getting-started`); every published page when omitted. ' +
        'Each path that is not a page of the site is reported in `details`.',
    }),
  deployment: z
    .enum(DEPLOYMENT_KINDS)
    .default('air-gapped')
    .meta({ description: 'Where the bundle will be served; decides which features it may have (Offprint extension).' }),
  features: exportFeaturesSchema
    .optional()
    .meta({ description: 'Features of the exported site beyond the deployment kind’s defaults (Offprint extension).' }),
  allowEgress: z
    .boolean()
    .default(false)
    .meta({
      description:
        'Every export opens each page of the bundle in Chromium and fails when a page makes any request outside ' +
        'the bundle; true completes it anyway, recording those requests in the manifest’s `egressProof.failures` ' +
        'and as warnings (Offprint extension).',
      'x-offprint': true,
    }),
});

/** Path of the job routes. */
export const JobParamsSchema = z.object({
  jobId: z.string().min(1).max(128).meta({ description: 'The `jobId` returned when the job was started.' }),
});

const iso = z.string().meta({ format: 'date-time' });

/** A job, as every job route returns it. */
export const ExportJobSchema = z.strictObject({
  jobId: z.string().meta({ description: '`se_` followed by 16 hex characters.', example: 'se_3f9a2c1b8e7d4a06' }),
  status: z.enum(EXPORT_JOB_STATUSES).meta({
    description:
      '`queued`, then `running`, then `completed` or `failed` (both terminal). A cancelled job is `failed` with `error` "cancelled".',
  }),
  progress: z
    .number()
    .int()
    .min(0)
    .max(100)
    .meta({ description: 'Percent done; never goes down, 100 when completed.' }),
  pageCount: z.number().int().min(0).meta({ description: 'Pages exported so far.' }),
  createdAt: iso,
  updatedAt: iso,
  error: z.string().nullable().meta({ description: 'What went wrong, when `status` is `failed`; null otherwise.' }),
  domain: z.string(),
  deployment: z.enum(DEPLOYMENT_KINDS),
  version: z.string().nullable().meta({ description: 'The version label given at start, or null.' }),
  pagesTotal: z.number().int().min(0).nullable().meta({ description: 'Pages the export has in all, once known.' }),
  blockedRequests: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'Requests pages made outside the site (blocked), once completed.' }),
  startedAt: iso.nullable(),
  completedAt: iso.nullable().meta({ description: 'When the job completed or failed.' }),
  ...jobExtensionFields,
});

/**
 * Query of `GET /v1/static-export/jobs`: one page of the jobs, newest first, optionally filtered; `cursor`
 * continues from the previous page (Offprint extension).
 */
export const ListJobsQuerySchema = z
  .object({
    limit: limitParam(20),
    status: z
      .enum(EXPORT_JOB_FILTER_STATUSES)
      .optional()
      .meta({
        description:
          'Only jobs in this state. A cancelled job is `failed` (with `error` "cancelled"), so `failed` lists it too; ' +
          '`cancelled` lists only those.',
        'x-offprint': true,
      }),
    domain: HostnameSchema.optional().meta({ description: 'Only exports of this site.', 'x-offprint': true }),
    dateFrom: dateFrom.optional().meta({
      description:
        'Only jobs created at or after this instant: YYYY-MM-DD (UTC midnight) or an ISO 8601 date-time with Z or an offset.',
      'x-offprint': true,
    }),
    dateTo: dateTo.optional().meta({
      description: 'Only jobs created before this instant (exclusive); same formats as dateFrom.',
      'x-offprint': true,
    }),
    cursor: z
      .string()
      .min(1)
      .max(2048)
      .optional()
      .meta({
        description:
          'The `nextCursor` of the previous page, unchanged, with the same `status`, `domain`, `dateFrom` and ' +
          '`dateTo` (`limit` may differ); a cursor that was altered or comes with other filters is a 400.',
        'x-offprint': true,
      }),
  })
  .superRefine(checkRange, RANGE_CHECK);

/** 200 body of `GET /v1/static-export/jobs`: one page of jobs, newest first. */
export const ExportJobListSchema = z.strictObject({
  jobs: z.array(ExportJobSchema),
  nextCursor: z
    .string()
    .nullable()
    .meta({
      description:
        'Pass as `cursor` (with the same filters) for the next, older page; null when this page is the last. Opaque ' +
        'and signed; jobs created while paging never make a page skip or repeat one (Offprint extension).',
    }),
});

/** Optional body of `POST /v1/static-export/jobs/{jobId}/bundle`. */
export const BundleBodySchema = z
  .strictObject({
    expiresIn: z
      .number()
      .int()
      .min(1)
      .max(MAX_LINK_TTL_SECONDS)
      .optional()
      .meta({
        description: `Lifetime of the link in seconds: default 3600 (one hour), at most ${MAX_LINK_TTL_SECONDS} (7 days).`,
      }),
    deltaFrom: z
      .string()
      .min(1)
      .max(128)
      .optional()
      .meta({
        description:
          'An earlier completed job of the same site: the link is then to a signed delta from that job’s bundle to ' +
          'this one (only what changed; `offprint apply` rebuilds this bundle byte for byte) (Offprint extension).',
        'x-offprint': true,
      }),
  })
  .optional();

/** 200 body of `POST /v1/static-export/jobs/{jobId}/bundle`. */
export const BundleResponseSchema = z.strictObject({
  jobId: z.string(),
  bundleUrl: z.string().meta({
    format: 'uri',
    description:
      'Presigned link served by this Offprint: no API key needed, any number of downloads until `expiresAt`. ' +
      'Supports Range / If-Range; 403 when altered, 410 once expired.',
  }),
  sizeBytes: z.number().int().min(0),
  expiresAt: iso,
  sha256: z.string().meta({ description: 'SHA-256 of the archive (hex), also its download ETag.' }),
  signingKeyFingerprint: z
    .string()
    .nullable()
    .meta({
      description:
        'Fingerprint of the organization key that signed the bundle’s manifest (`offprint signing-key show`); ' +
        'check it on the other side with `offprint verify --fingerprint` or the bundle’s verify.html ' +
        '(Offprint extension).',
      'x-offprint': true,
    }),
});
