/**
 * NDJSON feedback import: all or nothing, streamed. Lines are validated and staged on a dedicated
 * connection as they arrive (memory does not grow with the file); only when every line is valid do the
 * staged rows move into the project, in one transaction. Entries whose id the project already has are
 * skipped, so re-importing a file is harmless.
 */
import type { Readable } from 'node:stream';
import { openDatabase, type Db } from '../../db/connection.js';
import type { NewFeedback } from '../../db/feedback.js';
import { createFeedbackStaging } from '../../db/feedbackStaging.js';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../errors.js';
import { ulid } from '../ids.js';
import { ImportLineSchema, importLineToFeedback } from './importLine.js';
import { ndjsonLines } from './ndjsonLines.js';
import { requireProjectInOrg } from './query.js';

/** What an import did. */
export interface ImportResult {
  /** Non-empty lines read. */
  readonly lines: number;
  /** Entries stored. */
  readonly imported: number;
  /** Entries skipped because the project already had their id. */
  readonly duplicates: number;
}

/** Options of {@link importFeedback}. */
export interface ImportOptions {
  /** Opens the private staging connection (the database file of `deps.db`). */
  readonly openStagingDb?: () => Db;
  /** Problems listed in the error before the rest are only counted. */
  readonly maxListedProblems?: number;
  /** Longest accepted line, in bytes: a longer one stops the import with a 413 as soon as it is seen. */
  readonly maxLineBytes?: number;
}

const BATCH = 2000;

/**
 * Default line cap: the largest valid line (a 200,000-character code snippet, a 20,000-character
 * comment, every character escaped as `\uXXXX`) stays under it; a line cannot be larger and valid.
 */
export const MAX_IMPORT_LINE_BYTES = 2 * 1024 * 1024;

/** Imports NDJSON feedback into a project of the caller's organization. */
export async function importFeedback(
  deps: Deps,
  orgId: string,
  projectId: string,
  input: Readable,
  options: ImportOptions = {},
): Promise<ImportResult> {
  requireProjectInOrg(deps, orgId, projectId);
  const maxListed = options.maxListedProblems ?? 100;
  const maxLineBytes = options.maxLineBytes ?? MAX_IMPORT_LINE_BYTES;
  const stagingDb = (options.openStagingDb ?? (() => openDatabase(deps.db.name, { skipMigrations: true })))();
  try {
    const staging = createFeedbackStaging(stagingDb);
    const problems: string[] = [];
    let problemCount = 0;
    let lineNumber = 0;
    let lines = 0;
    let batch: NewFeedback[] = [];
    const report = (message: string): void => {
      problemCount++;
      if (problems.length < maxListed) problems.push(message);
    };
    for await (const raw of ndjsonLines(input, maxLineBytes)) {
      lineNumber++;
      // Some editors start UTF-8 files with a byte order mark; it is not part of the first entry.
      const text = lineNumber === 1 && raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
      if (text.trim() === '') continue;
      lines++;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        report(`line ${lineNumber}: not valid JSON`);
        continue;
      }
      const parsed = ImportLineSchema.safeParse(json);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
          report(`line ${lineNumber}: ${where}${issue.message}`);
        }
        continue;
      }
      // Once a line has failed nothing will be stored; keep validating to list every problem, but stop staging.
      if (problemCount > 0) continue;
      batch.push(importLineToFeedback(parsed.data, () => ulid(deps.now())));
      if (batch.length >= BATCH) {
        staging.stage(batch);
        batch = [];
      }
    }
    if (problemCount > 0) {
      const more = problemCount - problems.length;
      throw ValidationError(
        `Import rejected: ${problemCount} problem${problemCount === 1 ? '' : 's'} found; nothing was imported`,
        more > 0 ? [...problems, `... and ${more} more problem${more === 1 ? '' : 's'}`] : problems,
      );
    }
    staging.stage(batch);
    const { inserted, staged } = staging.commit(projectId);
    deps.logger.info({ projectId, lines, imported: inserted }, 'feedback imported');
    return { lines, imported: inserted, duplicates: staged - inserted };
  } finally {
    stagingDb.close();
  }
}
