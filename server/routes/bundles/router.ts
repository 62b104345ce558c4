/**
 * `POST /v1/bundles/verify`: `offprint verify` over HTTP, for the dashboard (an Offprint extension). The
 * zip is streamed to a temporary file and checked by the same function as the CLI; a bundle that fails
 * the checks is a 200 with `ok: false` and its problems, only a body that is no zip at all is a 400.
 */
import { z } from 'zod';
import type { SiteDeps } from '../../deps.js';
import { exportJobOfBundle } from '../../domain/exports/jobs.js';
import { ValidationError } from '../../errors.js';
import { verifyBundle, type VerifyReport } from '../../export/verify.js';
import { checkStreamedBody } from '../../http/body.js';
import { cappedStream } from '../../http/cappedStream.js';
import { NO_BODY, type RouteDefiner } from '../../http/route.js';
import { ZipFormatError, ZipReader } from '../../zip/reader.js';
import { AUTH_ERRORS, errorResponse } from '../errors.js';
import { VerifyQuerySchema, VerifyResultSchema } from './schema.js';
import { withUploadedFile, type StoredUpload } from './upload.js';

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/**
 * Largest bundle accepted: 4 GiB, the most a zip without Zip64 holds (what the exporter writes). The CLI
 * verifies any file it is given; over HTTP the body lands on this server's disk, hence a cap.
 */
export const BUNDLE_VERIFY_MAX_BYTES = 4 * 1024 * 1024 * 1024;

/** How problems name the upload (its file in the data dir is no business of the caller). */
const UPLOAD_NAME = 'the uploaded bundle';

/** A 400 unless `file` is a zip (its end of central directory reads). */
function requireZip(file: string): void {
  try {
    ZipReader.open(file).close();
  } catch (error) {
    if (!(error instanceof ZipFormatError)) throw error;
    throw ValidationError('The body is not a zip file', [`body: not a zip archive (${error.message})`]);
  }
}

function present(
  report: VerifyReport,
  upload: StoredUpload,
  job: { jobId: string; completedAt: number | null } | null,
): z.output<typeof VerifyResultSchema> {
  const hide = (text: string): string => text.split(upload.file).join(UPLOAD_NAME);
  return {
    ok: report.ok,
    problems: report.problems.map(hide),
    manifest: {
      domain: report.domain,
      version: report.versionLabel,
      deployment: report.deployment,
      offprintVersion: report.offprintVersion,
      pages: report.pages,
      files: report.files,
      createdAt: job?.completedAt == null ? null : new Date(job.completedAt).toISOString(),
      jobId: job?.jobId ?? null,
      sha256: upload.sha256,
      sizeBytes: upload.sizeBytes,
      signedBy: report.signedBy,
      keyPinned: report.keyPinned,
      exportedAt: report.createdAt,
      chromiumVersion: report.chromiumVersion,
      egressProof: report.egressProof,
    },
  };
}

/** Adds the bundle routes. */
export function bundleRoutes(route: RouteDefiner, deps: SiteDeps): void {
  route(
    {
      method: 'post',
      path: '/v1/bundles/verify',
      summary: 'Verify an export bundle',
      description:
        'Checks a static export bundle (zip) as `offprint verify` does: every entry listed in its manifest with ' +
        'the right size and SHA-256, nothing extra, nothing escaping the folder, nothing referring outside the ' +
        'bundle; the manifest’s signature first (against `fingerprint` when given). A bundle that fails is a 200 ' +
        'with `ok: false` and the problems.',
      tags: ['Static export'],
      extension: true,
      params: z.object({}),
      query: VerifyQuerySchema,
      body: NO_BODY,
      rawBody: { contentType: 'application/zip', description: 'The bundle, as downloaded or copied.' },
      responses: {
        200: { description: 'The verdict', schema: VerifyResultSchema },
        400: errorResponse('The body is not a zip file, or the upload was cut short'),
        ...AUTH_ERRORS,
        413: errorResponse(`Body larger than ${BUNDLE_VERIFY_MAX_BYTES} bytes`),
        415: errorResponse('Body is not a zip'),
      },
    },
    async (ctx, { principal, query }) => {
      checkStreamedBody(ctx, ZIP_TYPES, BUNDLE_VERIFY_MAX_BYTES);
      const body = cappedStream(ctx.req, BUNDLE_VERIFY_MAX_BYTES);
      ctx.body = await withUploadedFile(deps, body, async (upload) => {
        requireZip(upload.file);
        const trusted = query.fingerprint === undefined ? {} : { fingerprint: query.fingerprint };
        const report = await verifyBundle(upload.file, trusted);
        return present(report, upload, exportJobOfBundle(deps, principal.orgId, upload.sha256));
      });
    },
  );
}
