/** `offprint sites import --project ID PATH`: a docs folder or zip becomes a project's site. */
import { setTimeout as sleep } from 'node:timers/promises';
import { problemCounts, problemList, problemTotal } from '../../domain/siteProblems.js';
import { importSiteAndIndex, type ImportedSite } from '../../domain/sites.js';
import { requestedScripts } from '../../sites/project/scripts.js';
import { readServerInfo } from '../../serverFile.js';
import { onePositional, parseCommandArgs } from '../args.js';
import { withRuntime } from '../context.js';
import { printJson, UsageError, write, type CliIo } from '../io.js';
import { inputPath } from '../inputs.js';
import { counted } from '../counted.js';

/** Problems listed one by one in the text summary; the rest are only counted. */
const LISTED_PROBLEMS = 20;

/** How long to wait for a running server to start serving a new site (it looks every 2 s). */
const SITE_START_WAIT_MS = 6_000;

/**
 * The URL of a project's site as the server running on the data dir publishes it, waiting for the
 * server to notice a first import; null when no server runs (the site is served from the next start,
 * at the URL it keeps from then on).
 */
export async function awaitSiteUrl(dataDir: string, projectId: string): Promise<string | null> {
  const deadline = performance.now() + SITE_START_WAIT_MS;
  for (;;) {
    const running = readServerInfo(dataDir);
    if (running === null) return null;
    const url = running.sites[projectId];
    if (url !== undefined) return url;
    if (performance.now() > deadline) return null;
    await sleep(100);
  }
}

/** The line saying where the site is served. */
export function siteUrlLine(siteUrl: string | null): string {
  return siteUrl === null
    ? 'The site is served by `offprint serve` (see `offprint projects list` for its URL).\n'
    : `Site: ${siteUrl}\n`;
}

/** The human-readable summary of an import (also used by `projects create --source`). */
export function importSummary(imported: ImportedSite): string {
  const { model } = imported;
  const { counts } = model;
  const config = imported.projectFolder === '' ? model.configFile : `${imported.projectFolder}/${model.configFile}`;
  const lines = [
    `Imported the site of ${imported.projectId} (build ${imported.buildId}, from ${config}): ` +
      `${counted(counts.pages, 'page')} (${counts.navPages} in the navigation, ${counts.outOfNavPages} reachable by URL only` +
      `${counts.generatedPages > 0 ? `, ${counts.generatedPages} generated from OpenAPI` : ''}), ${counted(counts.redirects, 'redirect')}`,
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
      .map(([code, n]) => `${code} ${n.toLocaleString('en-US')}`)
      .join(', ');
    // Totals count what summary entries stand for ("and 1,490 more broken links in this file"), not entries.
    const total = problemTotal(model.problems);
    lines.push(`${total.toLocaleString('en-US')} ${total === 1 ? 'problem' : 'problems'} (${byCode}):`);
    const shown = model.problems.slice(0, LISTED_PROBLEMS);
    for (const p of shown) {
      lines.push(`  ${p.code}  ${p.file}${p.keyPath === undefined ? '' : ` ${p.keyPath}`}: ${p.message}`);
    }
    const unshown = total - problemTotal(shown);
    if (unshown > 0) lines.push(`  ... and ${unshown.toLocaleString('en-US')} more`);
  }
  return `${lines.join('\n')}\n`;
}

/** The `--json` form of an import result. */
export function importJson(
  imported: ImportedSite,
  siteUrl: string | null,
): {
  projectId: string;
  buildId: string;
  pages: number;
  problems: number;
  problemList: ReturnType<typeof problemList>;
  siteUrl: string | null;
} {
  return {
    projectId: imported.projectId,
    buildId: imported.buildId,
    pages: imported.model.counts.pages,
    problems: problemTotal(imported.model.problems),
    problemList: problemList(imported.model.problems),
    siteUrl,
  };
}

/** `offprint sites import --project ID PATH` */
export async function sitesCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'import') throw new UsageError(`unknown sites command: ${sub ?? '(none)'} (expected: import)`);
  const { values, positionals } = parseCommandArgs(rest, { project: { type: 'string' } });
  const given = onePositional(positionals, 'PATH (a docs folder or .zip file)');
  if (values.project === undefined) throw new UsageError('--project ID is required');
  const source = inputPath(given, 'file or folder');
  const projectId = values.project;
  return withRuntime(io, values['data-dir'], async (rt) => {
    const imported = await importSiteAndIndex(rt, projectId, source);
    const siteUrl = await awaitSiteUrl(rt.dataDir, projectId);
    if (values.json) await printJson(io, importJson(imported, siteUrl));
    else await write(io.stdout, importSummary(imported) + siteUrlLine(siteUrl));
    return 0;
  });
}
