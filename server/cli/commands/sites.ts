/** `offprint sites import --project ID PATH`: a docs folder or zip becomes a project's site. */
import { resolve } from 'node:path';
import { problemCounts, problemList } from '../../domain/siteProblems.js';
import { importSiteAndIndex, type ImportedSite } from '../../domain/sites.js';
import { requestedScripts } from '../../sites/project/scripts.js';
import { onePositional, parseCommandArgs } from '../args.js';
import { withRuntime } from '../context.js';
import { printJson, UsageError, write, type CliIo } from '../io.js';

/** Problems listed one by one in the text summary; the rest are only counted. */
const LISTED_PROBLEMS = 20;

/** The human-readable summary of an import (also used by `projects create --source`). */
export function importSummary(imported: ImportedSite): string {
  const { model } = imported;
  const { counts } = model;
  const lines = [
    `Imported the site of ${imported.projectId} (build ${imported.buildId}, from ${model.configFile}): ` +
      `${counts.pages} pages (${counts.navPages} in the navigation, ${counts.outOfNavPages} reachable by URL only` +
      `${counts.generatedPages > 0 ? `, ${counts.generatedPages} generated from OpenAPI` : ''}), ${counts.redirects} redirects`,
  ];
  if (imported.skippedLinks.length > 0) {
    lines.push(
      `Skipped ${imported.skippedLinks.length} symbolic links: ${imported.skippedLinks.slice(0, 5).join(', ')}`,
    );
  }
  const scripts = requestedScripts(model.rootDir, model).map((s) => s.name);
  if (scripts.length > 0) {
    lines.push(
      `Scripts the site asks for, loaded only if named in the allowedScripts setting ` +
        `(offprint settings set allowedScripts NAME,...): ${scripts.join(', ')}`,
    );
  }
  if (model.problems.length === 0) lines.push('No problems found.');
  else {
    const byCode = Object.entries(problemCounts(model.problems))
      .map(([code, n]) => `${code} ${n}`)
      .join(', ');
    lines.push(`${model.problems.length} problems (${byCode}):`);
    for (const p of model.problems.slice(0, LISTED_PROBLEMS)) {
      lines.push(`  ${p.code}  ${p.file}${p.keyPath === undefined ? '' : ` ${p.keyPath}`}: ${p.message}`);
    }
    if (model.problems.length > LISTED_PROBLEMS)
      lines.push(`  ... and ${model.problems.length - LISTED_PROBLEMS} more`);
  }
  return `${lines.join('\n')}\n`;
}

/** The `--json` form of an import result. */
export function importJson(imported: ImportedSite): {
  projectId: string;
  buildId: string;
  pages: number;
  problems: number;
  problemList: ReturnType<typeof problemList>;
} {
  return {
    projectId: imported.projectId,
    buildId: imported.buildId,
    pages: imported.model.counts.pages,
    problems: imported.model.problems.length,
    problemList: problemList(imported.model.problems),
  };
}

/** `offprint sites import --project ID PATH` */
export async function sitesCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'import') throw new UsageError(`unknown sites command: ${sub ?? '(none)'} (expected: import)`);
  const { values, positionals } = parseCommandArgs(rest, { project: { type: 'string' } });
  const source = onePositional(positionals, 'PATH (a docs folder or .zip file)');
  if (values.project === undefined) throw new UsageError('--project ID is required');
  const projectId = values.project;
  return withRuntime(io, values['data-dir'], async (rt) => {
    const imported = await importSiteAndIndex(rt, projectId, resolve(source));
    if (values.json) await printJson(io, importJson(imported));
    else await write(io.stdout, importSummary(imported));
    return 0;
  });
}
