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
import { importSiteAndIndex, sitesRoot, type ImportedSite, type SiteDeps } from './sites.js';

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
  const uploads = join(sitesRoot(deps.dataDir), '.uploads');
  mkdirSync(uploads, { recursive: true });
  const file = join(uploads, `${ulid(deps.now())}.zip`);
  try {
    await pipeline(body, createWriteStream(file, { mode: 0o600 }));
    return await importSiteAndIndex(deps, projectId, file);
  } finally {
    rmSync(file, { force: true });
  }
}
