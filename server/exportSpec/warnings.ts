/**
 * The warnings of a completed export, kept beside its bundle (`<dataDir>/exports/<jobId>/warnings.json`)
 * so that the API can show them readable rather than only in the log: requests pages made outside the
 * site (blocked), page errors while capturing, links to anchors a page does not have (repaired), files
 * pages refer to that the site lacks, scripts the live site loads that the bundle leaves out, redirect patterns no static page came of, pages whose file name Windows refuses. Written by the job runner, read by the API.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { jobDir } from './files.js';

/** Warnings kept per job; the total counts the rest. */
export const KEPT_WARNINGS = 1000;

/** One warning: what kind, what, and on which page (site path) when one is at fault. */
export const ExportWarningSchema = z.strictObject({
  code: z.enum([
    'blocked-request',
    'page-error',
    'missing-anchor',
    'missing-file',
    'script-left-out',
    'redirect-left-out',
    'page-left-out',
  ]),
  message: z.string(),
  page: z.string().nullable(),
});

/** A job's warnings file. */
export const ExportWarningsSchema = z.strictObject({
  total: z.number().int().min(0),
  warnings: z.array(ExportWarningSchema),
});

/** One warning. */
export type ExportWarning = z.output<typeof ExportWarningSchema>;

/** The stored warnings of a job. */
export type ExportWarnings = z.output<typeof ExportWarningsSchema>;

/** Where a job's warnings are. */
export function jobWarningsFile(dataDir: string, jobId: string): string {
  return join(jobDir(dataDir, jobId), 'warnings.json');
}

/** Stores a job's warnings (the first {@link KEPT_WARNINGS}); written aside, then renamed. */
export function writeJobWarnings(dataDir: string, jobId: string, warnings: readonly ExportWarning[]): void {
  const file = jobWarningsFile(dataDir, jobId);
  const temp = `${file}.${process.pid}.tmp`;
  const body: ExportWarnings = { total: warnings.length, warnings: warnings.slice(0, KEPT_WARNINGS) };
  try {
    writeFileSync(temp, JSON.stringify(body));
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

/** A job's stored warnings, or null when it has none stored (not completed, or completed before they were). */
export function readJobWarnings(dataDir: string, jobId: string): ExportWarnings | null {
  try {
    const parsed = ExportWarningsSchema.safeParse(JSON.parse(readFileSync(jobWarningsFile(dataDir, jobId), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
