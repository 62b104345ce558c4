/**
 * Where in a source the docs project is. Mintlify projects often live in a folder of a bigger repository
 * (`docs/` beside the code), and a repository downloaded from GitHub as a zip wraps everything in one more
 * folder (`infisical-main/docs/docs.json`). A source whose root has no config is searched a few folders
 * deep; the one project found is imported from its folder, so a person can hand over the repository as
 * it is. Two projects at the same depth are not guessed between: the import says which ones it found.
 */
import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { ValidationError } from '../../errors.js';

/** The files that make a folder a docs project. */
const CONFIG_FILES: ReadonlySet<string> = new Set(['docs.json', 'mint.json']);

/** Folders a project is looked for below the root: `repo-main/docs/docs.json` is two. */
export const MAX_PROJECT_DEPTH = 3;

/** Folders a project never lives in: tools' and systems' own, and any hidden one. */
function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name === '__MACOSX' || name.startsWith('.');
}

/** At most this many folders are read while looking (a whole home directory must not be walked). */
const MAX_FOLDERS_READ = 2_000;

/**
 * The folder (`/`-separated, '' for the root) holding the project among the config files `configs`
 * (source-relative paths): the root when it has a config, else the shallowest folder that has one within
 * {@link MAX_PROJECT_DEPTH}. Throws a ValidationError when none has one, or naming them when several
 * folders at that depth have one.
 */
export function projectFolderOf(configs: Iterable<string>, sourceName: string): string {
  const folders = new Set<string>();
  let depth = Infinity;
  for (const path of configs) {
    const parts = path.split('/');
    const name = parts.pop() ?? '';
    if (!CONFIG_FILES.has(name) || parts.length > MAX_PROJECT_DEPTH || parts.some(isSkippedFolder)) continue;
    if (parts.length < depth) {
      depth = parts.length;
      folders.clear();
    }
    if (parts.length === depth) folders.add(parts.join('/'));
  }
  if (folders.size > 1) {
    const found = [...folders].sort().map((f) => `${f}/`);
    throw ValidationError('The source holds more than one docs project', [
      `${sourceName}: docs.json or mint.json in ${found.join(', ')}; import one of them on its own`,
    ]);
  }
  const [folder] = folders;
  if (folder === undefined) {
    throw ValidationError('The project has no docs.json (or legacy mint.json)', [
      `${sourceName}: no docs.json or mint.json at its root, nor in its folders ${MAX_PROJECT_DEPTH} levels down`,
    ]);
  }
  return folder;
}

/** The config files of the folder `dir` and of its folders down to {@link MAX_PROJECT_DEPTH}, relative to `dir`. */
export function configFilesIn(dir: string): string[] {
  const found: string[] = [];
  let queue: string[] = [''];
  let read = 0;
  for (let depth = 0; depth <= MAX_PROJECT_DEPTH && queue.length > 0; depth++) {
    const next: string[] = [];
    for (const rel of queue) {
      if (++read > MAX_FOLDERS_READ) return found;
      for (const entry of readEntries(join(dir, rel))) {
        const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
        if (entry.isFile() && CONFIG_FILES.has(entry.name)) found.push(path);
        else if (entry.isDirectory() && !isSkippedFolder(entry.name)) next.push(path);
      }
    }
    // The root's config ends the search: the project is there.
    if (depth === 0 && found.length > 0) return found;
    queue = next;
  }
  return found;
}

/** The entries of a folder; none when it cannot be read (the copy reports what matters about it). */
function readEntries(dir: string): Dirent[] {
  try {
    if (!lstatSync(dir).isDirectory()) return [];
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
