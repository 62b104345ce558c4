/**
 * An import's problems as results show them: counted by code, listed (the first 500), and the pages
 * that failed to render added to a staged build's problems.
 */
import type { StagedBuild } from '../sites/import/stage.js';
import type { SiteProblem } from '../sites/project/model.js';
import { embeddedProblem, unpackedProblem } from '../sites/project/remote.js';
import type { IndexedBuild } from '../sites/search/index.js';
import { ValidationError } from '../errors.js';

/** How many problems `problem` stands for: a summary entry's `count` ("and 1,490 more ..."), else one. */
function weightOf(problem: SiteProblem): number {
  return problem.count ?? 1;
}

/** How many problems `problems` stand for, the ones summary entries count included. */
export function problemTotal(problems: readonly SiteProblem[]): number {
  return problems.reduce((n, p) => n + weightOf(p), 0);
}

/**
 * Problems grouped by code, for summaries: `{ 'broken-link': 1500, ... }`, the ones summary entries
 * count included (so the counts add up to {@link problemTotal}).
 */
export function problemCounts(problems: readonly SiteProblem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of problems) counts[p.code] = (counts[p.code] ?? 0) + weightOf(p);
  return counts;
}

/** Problems listed in import results (API and CLI `--json`); the counts cover the rest. */
export const LISTED_PROBLEMS = 500;

/** A problem as import results list it. */
export interface ListedProblem {
  readonly code: string;
  readonly file: string;
  readonly message: string;
  /** On a summary entry only: how many problems it stands for. */
  readonly count?: number;
}

/**
 * The first {@link LISTED_PROBLEMS} problems as `{code, file, message}` (config key path in the message),
 * a summary entry with its `count`.
 */
export function problemList(problems: readonly SiteProblem[]): ListedProblem[] {
  return problems.slice(0, LISTED_PROBLEMS).map((p) => ({
    code: p.code,
    file: p.file,
    message: p.keyPath === undefined ? p.message : `${p.keyPath}: ${p.message}`,
    ...(p.count === undefined ? {} : { count: p.count }),
  }));
}

/**
 * A staged import with the pages that failed to render listed among its problems (each one, with the
 * reason), the remote media pages show as placeholders and the web pages they embed from elsewhere
 * (`remote-asset`), and the components they use that
 * nothing defines (`unknown-component`) or that threw while rendering (`component-failed`), and the braces in
 * their text shown as text for opening no valid expression (`mdx-syntax`); an import whose
 * renders ran out of time is refused.
 */
export function withRenderProblems<T extends { readonly staged: StagedBuild }>(pending: T, indexed: IndexedBuild): T {
  if (indexed.outOfTime) {
    throw ValidationError('The project took too long to render', [
      `rendering its ${indexed.pages} pages took longer than the import allows; split the project or simplify its pages`,
    ]);
  }
  const found = [
    indexed.failures,
    indexed.remoteMedia,
    indexed.remoteEmbeds,
    indexed.componentProblems,
    indexed.syntaxProblems,
  ];
  if (found.every((list) => list.length === 0)) return pending;
  const problems: SiteProblem[] = indexed.failures.map((failure) => ({
    code: 'render-failed',
    file: failure.file,
    message: `${failure.path}: ${failure.reason}`,
  }));
  // Remote images and videos with no packed copy: the pages show placeholders, the report says why.
  for (const use of indexed.remoteMedia) problems.push(unpackedProblem(use.file, use.url, 'media'));
  // Embedded web pages (a YouTube player): the pages show links; pack fetches files, so it cannot help.
  for (const use of indexed.remoteEmbeds) problems.push(embeddedProblem(use.file, use.url));
  problems.push(...indexed.componentProblems);
  problems.push(...indexed.syntaxProblems);
  const model = { ...pending.staged.model, problems: [...pending.staged.model.problems, ...problems] };
  return { ...pending, staged: { ...pending.staged, model } };
}
