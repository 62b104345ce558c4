/**
 * Where a static-export job keeps its files: `<dataDir>/exports/<jobId>/` holds `work/` (pages captured
 * so far, which a resumed run reuses) and, once the job completes, `bundle.zip`.
 */
import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** `<dataDir>/exports`. */
export function exportsRoot(dataDir: string): string {
  return join(dataDir, 'exports');
}

/** The folder of one job. */
export function jobDir(dataDir: string, jobId: string): string {
  return join(exportsRoot(dataDir), jobId);
}

/** The durable working folder of a job's run. */
export function jobWorkDir(dataDir: string, jobId: string): string {
  return join(jobDir(dataDir, jobId), 'work');
}

/** The finished archive of a job. */
export function jobBundleFile(dataDir: string, jobId: string): string {
  return join(jobDir(dataDir, jobId), 'bundle.zip');
}

/**
 * The page loads a project's last egress check proved, which its next export reuses where the
 * bytes are the same: `<dataDir>/exports/proofs/<projectId>.jsonl` (beside the job folders, never one).
 */
export function egressProofsFile(dataDir: string, projectId: string): string {
  return join(exportsRoot(dataDir), 'proofs', `${projectId}.jsonl`);
}

/**
 * The next versions of a proofs `file` being written or left half-written beside it
 * (`<file>.<pid>.<random>.tmp`), with the process writing each; none when its folder is missing.
 */
export function egressProofsVersions(file: string): { readonly path: string; readonly pid: number }[] {
  const prefix = `${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'))
    .map((name) => ({ path: join(dirname(file), name), pid: Number(name.slice(prefix.length).split('.')[0]) }));
}

/** Deletes a project's egress proofs (with their next versions); none is fine. */
export function removeEgressProofs(dataDir: string, projectId: string): void {
  const file = egressProofsFile(dataDir, projectId);
  for (const path of [file, ...egressProofsVersions(file).map((version) => version.path)]) {
    rmSync(path, { force: true });
  }
}

/**
 * The pages a project's last export captured, which its next export takes instead of rendering them
 * where nothing they were made of changed: `<dataDir>/exports/captures/<projectId>/`.
 */
export function captureCacheDir(dataDir: string, projectId: string): string {
  return join(exportsRoot(dataDir), 'captures', projectId);
}

/** Removes the old versions of kept captures `dir` that a process killed while replacing them left beside it. */
export function removeReplacedCaptures(dir: string): void {
  const prefix = `${basename(dir)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(dir));
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith('.old')) {
      rmSync(join(dirname(dir), name), { recursive: true, force: true, maxRetries: 3 });
    }
  }
}

/** The projects that have kept captures (a folder under `<dataDir>/exports/captures`). */
export function listCaptureCaches(dataDir: string): string[] {
  try {
    return readdirSync(dirname(captureCacheDir(dataDir, 'x')), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.endsWith('.old'))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Deletes a project's kept captures (with any old version left beside them); none is fine. */
export function removeCaptureCache(dataDir: string, projectId: string): void {
  const dir = captureCacheDir(dataDir, projectId);
  removeReplacedCaptures(dir);
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** Deletes a job's folder (work files and bundle); a missing folder is fine. */
export function removeJobDir(dataDir: string, jobId: string): void {
  rmSync(jobDir(dataDir, jobId), { recursive: true, force: true, maxRetries: 3 });
}

/** Deletes a job's working folder only (after completion the bundle is all that is needed). */
export function removeJobWorkDir(dataDir: string, jobId: string): void {
  rmSync(jobWorkDir(dataDir, jobId), { recursive: true, force: true, maxRetries: 3 });
}

/** The job ids that have a folder under `<dataDir>/exports`. */
export function listJobDirs(dataDir: string): string[] {
  try {
    return readdirSync(exportsRoot(dataDir)).filter((name) => /^se_[0-9a-f]{16}$/.test(name));
  } catch {
    return [];
  }
}
