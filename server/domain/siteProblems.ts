/**
 * An import's problems as results show them: counted by code, listed (the first 500), and the pages
 * that failed to render added to a staged build's problems.
 */
import type { StagedBuild } from '../sites/import/stage.js';
import type { SiteProblem } from '../sites/project/model.js';
import { unpackedProblem } from '../sites/project/remote.js';
import type { IndexedBuild } from '../sites/search/index.js';
import { ValidationError } from '../errors.js';

/** Problems grouped by code, for summaries: `{ 'missing-asset': 216, ... }`. */
export function problemCounts(problems: readonly SiteProblem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of problems) counts[p.code] = (counts[p.code] ?? 0) + 1;
  return counts;
}

/** Problems listed in import results (API and CLI `--json`); the counts cover the rest. */
export const LISTED_PROBLEMS = 500;

/** The first {@link LISTED_PROBLEMS} problems as `{code, file, message}` (config key path in the message). */
export function problemList(problems: readonly SiteProblem[]): { code: string; file: string; message: string }[] {
  return problems.slice(0, LISTED_PROBLEMS).map((p) => ({
    code: p.code,
    file: p.file,
    message: p.keyPath === undefined ? p.message : `${p.keyPath}: ${p.message}`,
  }));
}

/**
 * A staged import with the pages that failed to render listed among its problems (each one, with the
 * reason), and the remote media pages show as placeholders (`remote-asset`); an import whose renders ran out of time is refused.
 */
export function withRenderProblems<T extends { readonly staged: StagedBuild }>(pending: T, indexed: IndexedBuild): T {
  if (indexed.outOfTime) {
    throw ValidationError('The project took too long to render', [
      `rendering its ${indexed.pages} pages took longer than the import allows; split the project or simplify its pages`,
    ]);
  }
  if (indexed.failures.length === 0 && indexed.remoteMedia.length === 0) return pending;
  const problems: SiteProblem[] = indexed.failures.map((failure) => ({
    code: 'render-failed',
    file: failure.file,
    message: `${failure.path}: ${failure.reason}`,
  }));
  // Remote images and videos with no packed copy: the pages show placeholders, the report says why.
  for (const use of indexed.remoteMedia) problems.push(unpackedProblem(use.file, use.url, 'media'));
  const model = { ...pending.staged.model, problems: [...pending.staged.model.problems, ...problems] };
  return { ...pending, staged: { ...pending.staged, model } };
}
