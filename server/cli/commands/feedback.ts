/** `offprint feedback import|export`: NDJSON in and out of a project. */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { findProject } from '../../db/projects.js';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import { presentExportLine } from '../../domain/feedback/entry.js';
import { FeedbackByPageQuerySchema } from '../../domain/feedback/filters.js';
import { importFeedback } from '../../domain/feedback/importer.js';
import { iterateFeedback, toFilter } from '../../domain/feedback/query.js';
import { flag, onePositional, parseCommandArgs } from '../args.js';
import { withRuntime } from '../context.js';
import { printJson, UsageError, write, type CliIo } from '../io.js';

function requireProject(deps: Deps, projectId: string | undefined) {
  if (projectId === undefined) throw new UsageError('--project ID is required');
  const project = findProject(deps.db, projectId);
  if (project === undefined) throw NotFoundError(`Project ${projectId} was not found`);
  return project;
}

/** `offprint feedback import --project ID FILE` (FILE `-` reads stdin). */
async function importCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { project: { type: 'string' } });
  const file = onePositional(positionals, 'FILE (an NDJSON file, or - for stdin)');
  return withRuntime(io, values['data-dir'], async (rt) => {
    const project = requireProject(rt, values.project);
    const input = file === '-' ? Readable.from(io.stdin) : createReadStream(file);
    const result = await importFeedback(rt, project.orgId, project.id, input);
    if (values.json) await printJson(io, result);
    else {
      await write(
        io.stdout,
        `Imported ${result.imported} feedback entries into ${project.id} (${result.lines} lines, ${result.duplicates} already present)\n`,
      );
    }
    return 0;
  });
}

/** `offprint feedback export --project ID [--date-from D] [--date-to D] [--source S] [--status LIST]` */
async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    project: { type: 'string' },
    'date-from': { type: 'string' },
    'date-to': { type: 'string' },
    dateFrom: { type: 'string' },
    dateTo: { type: 'string' },
    source: { type: 'string' },
    status: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  const query = flag('filters', FeedbackByPageQuerySchema, {
    dateFrom: values['date-from'] ?? values.dateFrom,
    dateTo: values['date-to'] ?? values.dateTo,
    source: values.source,
    status: values.status,
  });
  return withRuntime(io, values['data-dir'], async (rt) => {
    const project = requireProject(rt, values.project);
    let chunk = '';
    for (const row of iterateFeedback(rt, toFilter(project.id, query))) {
      chunk += `${JSON.stringify(presentExportLine(row))}\n`;
      if (chunk.length >= 64 * 1024) {
        await write(io.stdout, chunk);
        chunk = '';
      }
    }
    await write(io.stdout, chunk);
    return 0;
  });
}

/** Dispatches `offprint feedback ...`. */
export async function feedbackCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'import') return importCommand(rest, io);
  if (sub === 'export') return exportCommand(rest, io);
  throw new UsageError(`unknown feedback command: ${sub ?? '(none)'} (expected: import, export)`);
}
