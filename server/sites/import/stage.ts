/**
 * Staging a build: copying a folder or extracting a zip into a fresh build folder, then loading it as a
 * docs project. On any failure the build folder is removed before the error propagates.
 */
import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { ValidationError } from '../../errors.js';
import { streamSiteProject, type LoadedProject, type PageSink } from '../project/load.js';
import type { SiteModel, SitePage } from '../project/model.js';
import { copyFolder } from './copy.js';
import type { ImportLimits } from './limits.js';
import { configFilesIn, projectFolderOf } from './projectFolder.js';
import { extractZip } from './zip.js';

/** A build folder holding a loaded project. */
export interface StagedBuild {
  readonly dir: string;
  readonly model: SiteModel;
  readonly sourceKind: 'folder' | 'zip';
  readonly sourcePath: string;
  readonly files: number;
  readonly bytes: number;
  /** Symbolic links of a folder source that were not copied. */
  readonly skippedLinks: readonly string[];
  /** The folder of the source the project was taken from (`docs`, `docs-main/docs`); '' for its root. */
  readonly projectFolder: string;
}

/** A staged build whose pages went to a {@link PageSink} as they were loaded. */
export type StagedParts = Omit<StagedBuild, 'model'> & { readonly model: LoadedProject };

function looksLikeZip(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    readSync(fd, head, 0, 4, 0);
    // Local file header, or the end-of-central-directory record of an empty zip.
    return head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) || head.equals(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  } finally {
    closeSync(fd);
  }
}

/** Removes a folder tree, ignoring a folder that is already gone. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * Copies or extracts `sourcePath` into `buildDir` (which must not exist yet) and loads it. Throws a
 * ValidationError for a missing or unsupported source, a hostile zip or a broken project; `buildDir` is
 * gone afterwards in every failing case.
 */
export function stageBuild(sourcePath: string, buildDir: string, limits: ImportLimits): StagedBuild {
  const pages = new Map<string, SitePage>();
  const staged = stageProject(sourcePath, buildDir, limits, (page) => pages.set(page.path, page));
  return { ...staged, model: { ...staged.model, pages } };
}

/** {@link stageBuild} handing each page to `onPage` as it is loaded, keeping none (a staging thread's way). */
export function stageProject(
  sourcePath: string,
  buildDir: string,
  limits: ImportLimits,
  onPage: PageSink,
): StagedParts {
  const source = resolve(sourcePath);
  if (!existsSync(source)) throw ValidationError('The site source does not exist', [`${sourcePath}: not found`]);
  if (existsSync(buildDir)) throw new Error(`build folder ${buildDir} already exists`);
  const stat = statSync(source);
  const target = resolve(buildDir);
  try {
    if (stat.isDirectory()) {
      if (target === source || target.startsWith(source + sep)) {
        throw ValidationError('The site source contains the data directory', [
          `${sourcePath}: Offprint's data directory is inside this folder; import a folder that does not contain it`,
        ]);
      }
      const projectFolder = projectFolderOf(configFilesIn(source), sourcePath);
      const copied = copyFolder(join(source, projectFolder), target, limits, sourcePath);
      const model = streamSiteProject(target, onPage);
      return { dir: target, model, sourceKind: 'folder', sourcePath: source, projectFolder, ...copied };
    }
    if (stat.isFile() && looksLikeZip(source)) {
      const extracted = extractZip(source, target, limits, sourcePath);
      const model = streamSiteProject(target, onPage);
      return {
        dir: target,
        model,
        sourceKind: 'zip',
        sourcePath: source,
        files: extracted.files,
        bytes: extracted.bytes,
        skippedLinks: [],
        projectFolder: extracted.strippedPrefix ?? '',
      };
    }
    throw ValidationError('The site source must be a folder or a .zip file', [
      `${sourcePath}: neither a folder nor a zip file`,
    ]);
  } catch (error) {
    removeDir(target);
    throw error;
  }
}
