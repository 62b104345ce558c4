/**
 * A site imported from a zip uploaded over HTTP (`POST /v1/projects/{projectId}/site`): the body is
 * streamed to a temporary file in the data dir (never held in memory), imported like a zip from
 * removable media, and the file deleted whatever happens.
 */
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DEFAULT_IMPORT_LIMITS } from '../sites/import/limits.js';
import { requireProjectInOrg } from './feedback/query.js';
import { ulid } from './ids.js';
import { AppError, RebuiltError } from '../errors.js';
import { uploadsDir } from './siteBuilds.js';
import { importSiteAndIndex, type ImportedSite } from './sites.js';
import type { SiteDeps } from '../deps.js';

/** How import problems name an uploaded zip (its file in the data dir is no business of the caller). */
export const UPLOAD_NAME = 'the uploaded zip';

/** Largest zip accepted over HTTP: the zip cap of every import. */
export const SITE_UPLOAD_MAX_BYTES = DEFAULT_IMPORT_LIMITS.maxZipBytes;

/**
 * Imports the zip in `body` as the site of `projectId`, a project of `orgId` (another organization's
 * project is a 404, like one that does not exist). The search index is built before the switch.
 */
export async function importUploadedSite(
  deps: SiteDeps,
  orgId: string,
  projectId: string,
  body: Readable,
): Promise<ImportedSite> {
  requireProjectInOrg(deps, orgId, projectId);
  const uploads = uploadsDir(deps.dataDir);
  mkdirSync(uploads, { recursive: true });
  // The pid in the name tells the start-up sweep whether the upload is still in use (siteSweep.ts).
  const file = join(uploads, `${ulid(deps.now())}-${process.pid}.zip`);
  try {
    await pipeline(body, createWriteStream(file, { mode: 0o600 }));
    return await importSiteAndIndex(deps, projectId, file);
  } catch (error) {
    throw error instanceof AppError ? withoutPath(error, file) : error;
  } finally {
    rmSync(file, { force: true });
  }
}

/** The same error with the upload's server path replaced by what the caller knows it as. */
function withoutPath(error: AppError, file: string): AppError {
  const hide = (text: string): string => text.split(file).join(UPLOAD_NAME);
  const details = error.details.map((detail) => ({ ...detail, message: hide(detail.message) }));
  return RebuiltError({ status: error.status, message: hide(error.message), details, headers: error.headers });
}
