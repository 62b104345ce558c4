/** The JSON shape of site imports, field by field. */
import type { z } from 'zod';
import { problemCounts, problemList, problemTotal } from '../../domain/siteProblems.js';
import type { ImportedSite } from '../../domain/sites.js';
import type { SiteImportResultSchema } from './schema.js';

/** An import's outcome. */
export function presentSiteImport(
  imported: ImportedSite,
  siteUrl: string | null,
): z.output<typeof SiteImportResultSchema> {
  return {
    projectId: imported.projectId,
    buildId: imported.buildId,
    pages: imported.model.counts.pages,
    problems: problemTotal(imported.model.problems),
    problemsByCode: problemCounts(imported.model.problems),
    problemList: problemList(imported.model.problems),
    siteUrl,
  };
}
