/**
 * The report of the import that made a build, kept with the build: what `sites import` prints (counts,
 * problems by code, skipped links) for the dashboard to show later. Pages that failed to render are
 * known only during the import (the index build renders them), so a report read back from the loaded
 * model alone would miss them: the import writes the report next to its files instead.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import type { SiteModel } from '../sites/project/model.js';
import { problemCounts, problemList, problemTotal } from './siteProblems.js';

/**
 * File name inside the build folder: a dotfile, so the site never serves it (like the stored search
 * index); the version follows the schema below.
 */
export const IMPORT_REPORT_FILE = '.offprint-import-report.v1.json';

/** A listed problem; `count` on a summary entry only (reports stored before it have none). */
const ProblemSchema = z.strictObject({
  code: z.string(),
  file: z.string(),
  message: z.string(),
  count: z.number().int().min(0).optional(),
});

/** What an import found, as stored with its build. */
export const ImportReportSchema = z.strictObject({
  configFile: z.string(),
  pages: z.number().int().min(0),
  navPages: z.number().int().min(0),
  outOfNavPages: z.number().int().min(0),
  generatedPages: z.number().int().min(0),
  redirects: z.number().int().min(0),
  /** Every problem, the ones not listed and the ones summary entries count included. */
  problemTotal: z.number().int().min(0),
  /** Every problem counted by code (adding up to `problemTotal`). */
  problemCounts: z.record(z.string(), z.number().int().min(0)),
  /** The first problems (see `problemList`), in the order found. */
  problems: z.array(ProblemSchema),
  /** Symbolic links of a folder source that were not copied. */
  skippedLinks: z.array(z.string()),
});

/** A stored import report. */
export type ImportReport = z.output<typeof ImportReportSchema>;

/** The report of a build whose model is `model`. */
export function importReportOf(model: SiteModel, skippedLinks: readonly string[]): ImportReport {
  const { counts } = model;
  return {
    configFile: model.configFile,
    pages: counts.pages,
    navPages: counts.navPages,
    outOfNavPages: counts.outOfNavPages,
    generatedPages: counts.generatedPages,
    redirects: counts.redirects,
    problemTotal: problemTotal(model.problems),
    problemCounts: problemCounts(model.problems),
    problems: problemList(model.problems),
    skippedLinks: skippedLinks.slice(0, 100),
  };
}

/**
 * Stores the report in the build folder `rootDir` (written aside, then renamed). Failing is not fatal:
 * the report can be rebuilt from the model, less the render failures; any copy shipped in the project
 * source is removed so that it is never taken for Offprint's own.
 */
export function storeImportReport(rootDir: string, report: ImportReport, logger: Logger): void {
  const file = join(rootDir, IMPORT_REPORT_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(report));
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    rmSync(file, { force: true });
    logger.warn({ err: error, rootDir }, 'could not store the import report with the build');
  }
}

/** The stored report of the build in `rootDir`, or null when there is none (or it is unreadable). */
export function readImportReport(rootDir: string): ImportReport | null {
  let text: string;
  try {
    text = readFileSync(join(rootDir, IMPORT_REPORT_FILE), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = ImportReportSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
