/** Response bodies of the project routes, field by field. */
import type { z } from 'zod';
import type { ProjectRow } from '../../db/projects.js';
import type { DeletedProject, SiteSummary } from '../../domain/projects.js';
import type { ImportReport } from '../../domain/siteReport.js';
import type { SkippedScript } from '../../sites/serve/scripts.js';
import type { DeletedProjectSchema, ImportReportSchema, ProjectSchema } from './schema.js';

/** A project with its site summary. */
export function presentProject(
  row: ProjectRow,
  site: SiteSummary | null,
  siteUrl: string | null,
): z.output<typeof ProjectSchema> {
  return {
    projectId: row.id,
    orgId: row.orgId,
    name: row.name,
    domain: row.domain,
    createdAt: new Date(row.createdAt).toISOString(),
    siteUrl: site === null ? null : siteUrl,
    site:
      site === null
        ? null
        : {
            buildId: site.buildId,
            pages: site.pageCount,
            navPages: site.navPages,
            problems: site.problemCount,
            lastImportAt: new Date(site.importedAt).toISOString(),
            sourceKind: site.sourceKind,
          },
  };
}

/** The scripts of a site: loaded, and skipped with the reason. */
export interface ScriptsView {
  readonly loaded: readonly string[];
  readonly skipped: readonly SkippedScript[];
}

/** An import report as a readable list. */
export function presentImportReport(report: ImportReport, scripts: ScriptsView): z.output<typeof ImportReportSchema> {
  return {
    configFile: report.configFile,
    outOfNavPages: report.outOfNavPages,
    generatedPages: report.generatedPages,
    redirects: report.redirects,
    problems: report.problemTotal,
    problemsByCode: report.problemCounts,
    problemList: report.problems,
    missingAssets: report.problems
      .filter((p) => p.code === 'missing-asset')
      .map(({ file, message }) => ({ file, message })),
    skippedScripts: scripts.skipped.map(({ name, reason }) => ({ name, reason })),
    loadedScripts: [...scripts.loaded],
    skippedLinks: report.skippedLinks,
  };
}

/** What a delete removed. */
export function presentDeletedProject(deleted: DeletedProject): z.output<typeof DeletedProjectSchema> {
  return {
    projectId: deleted.project.id,
    deleted: true,
    cancelledJobs: [...deleted.cancelledJobs],
    deletedJobs: deleted.deletedJobs,
  };
}
