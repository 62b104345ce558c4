/**
 * What the desktop app's native dialogs lead to: importing a project's docs from a folder or zip the user
 * picks, and saving a completed export's bundle where the user picks (removable media). Kept free of
 * Electron imports (the dialogs are passed in) so the actions run in tests against a real Offprint; the
 * dashboard's requests are validated here, at the IPC edge, before anything is done.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { completedBundleFile } from '../server/domain/exports/bundle.js';
import { importSiteAndIndex } from '../server/domain/sites.js';
import type { RunningOffprint } from '../server/host.js';
import type { ImportSiteOutcome, ImportSourceKind, SaveBundleOutcome } from './ipcContract.js';

/** The native dialogs an action opens; each resolves to the picked path, or null when cancelled. */
export interface NativeDialogs {
  readonly pickImportSource: (kind: ImportSourceKind) => Promise<string | null>;
  readonly pickSaveTarget: (defaultName: string) => Promise<string | null>;
}

/** The running Offprint the actions work on, and the organization the dashboard session belongs to. */
export interface DesktopHost {
  readonly offprint: Pick<RunningOffprint, 'runtime' | 'sites'>;
  readonly orgId: string;
}

const Id = z.string().trim().min(1).max(200);
const ImportSiteRequestSchema = z.strictObject({ projectId: Id, source: z.enum(['folder', 'zip']) });
const SaveBundleRequestSchema = z.strictObject({ jobId: Id });

/** A request from the dashboard that does not match the contract: a bug or a hostile page. */
export class InvalidIpcRequestError extends Error {
  override readonly name = 'InvalidIpcRequestError';
}

function parseRequest<S extends z.ZodType>(schema: S, request: unknown): z.output<S> {
  const parsed = schema.safeParse(request);
  if (!parsed.success) throw new InvalidIpcRequestError(`invalid request: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * Imports the folder or zip the user picks as the site of the requested project, then serves it. Null
 * when the user cancels the dialog. Import errors (unknown project, broken config, hostile zip) reject
 * with their own message; the previous site keeps being served.
 */
export async function importSiteFromPicker(
  host: DesktopHost,
  dialogs: NativeDialogs,
  request: unknown,
): Promise<ImportSiteOutcome | null> {
  const { projectId, source } = parseRequest(ImportSiteRequestSchema, request);
  const sourcePath = await dialogs.pickImportSource(source);
  if (sourcePath === null) return null;
  const imported = await importSiteAndIndex(host.offprint.runtime, projectId, sourcePath);
  const siteUrl = await host.offprint.sites.refresh(projectId);
  return {
    projectId,
    sourcePath,
    pages: imported.model.counts.pages,
    problems: imported.model.problems.length,
    siteUrl,
  };
}

/** SHA-256 (hex) of a file's bytes. */
async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Copies the bundle of a completed export to the place the user picks. The copy is written beside the
 * target under a temporary name, read back and hashed (removable media fail silently more often than
 * disks), and only renamed into place when its SHA-256 equals the job's. Null when the user cancels.
 */
export async function saveBundleToPicked(
  host: DesktopHost,
  dialogs: NativeDialogs,
  request: unknown,
): Promise<SaveBundleOutcome | null> {
  const { jobId } = parseRequest(SaveBundleRequestSchema, request);
  const bundle = completedBundleFile(host.offprint.runtime, host.orgId, jobId);
  const target = await dialogs.pickSaveTarget(bundle.downloadName);
  if (target === null) return null;
  const partial = `${target}.partial`;
  try {
    await pipeline(createReadStream(bundle.file), createWriteStream(partial, { flags: 'w' }));
    const sha256 = await fileSha256(partial);
    if (sha256 !== bundle.sha256) {
      throw new Error(`the copy at ${target} does not match the bundle (SHA-256 ${sha256}); try another place`);
    }
    await rename(partial, target);
    return { path: target, sizeBytes: bundle.sizeBytes, sha256 };
  } finally {
    await rm(partial, { force: true });
  }
}
