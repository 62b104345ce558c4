/** `offprint feedback import|export|status|note|history`: a project's feedback in, out, and triaged. */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { feedbackDownload } from '../../domain/feedback/download.js';
import { importFeedback } from '../../domain/feedback/importer.js';
import { FeedbackExportQuerySchema } from '../../domain/feedback/selection.js';
import { flag, onePositional, parseCommandArgs } from '../args.js';
import { withRuntime } from '../context.js';
import { printJson, UsageError, write, type CliIo } from '../io.js';
import { inputPath } from '../inputs.js';
import { historyCommand, noteCommand, requireProject, statusCommand } from './feedbackTriage.js';

/** `offprint feedback import --project ID FILE` (FILE `-` reads stdin). */
async function importCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { project: { type: 'string' } });
  const given = onePositional(positionals, 'FILE (an NDJSON file, or - for stdin)');
  const file = given === '-' ? given : inputPath(given);
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

/**
 * `offprint feedback export --project ID [--format ndjson|csv] [filters]`: NDJSON (the default: the
 * import format, so export then import round-trips) or CSV, streamed to stdout.
 */
async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    project: { type: 'string' },
    format: { type: 'string' },
    'date-from': { type: 'string' },
    'date-to': { type: 'string' },
    dateFrom: { type: 'string' },
    dateTo: { type: 'string' },
    source: { type: 'string' },
    status: { type: 'string' },
    path: { type: 'string' },
    search: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  const { format, ...selection } = flag(
    'filters',
    FeedbackExportQuerySchema,
    {
      dateFrom: values['date-from'] ?? values.dateFrom,
      dateTo: values['date-to'] ?? values.dateTo,
      source: values.source,
      status: values.status,
      path: values.path,
      q: values.search,
      format: values.format ?? 'ndjson',
    },
    { q: 'search' },
  );
  // --json promises JSON on stdout; NDJSON keeps it, CSV would not.
  if (values.json && format === 'csv') {
    throw new UsageError(
      '--json asks for JSON, --format csv for CSV: give one (feedback export writes NDJSON, one JSON object a line, by default)',
    );
  }
  return withRuntime(io, values['data-dir'], async (rt) => {
    const project = requireProject(rt, values.project);
    const download = feedbackDownload(rt, project.orgId, project.id, selection, format);
    for (const chunk of download.chunks) await write(io.stdout, chunk);
    return 0;
  });
}

const SUBCOMMANDS: Readonly<Record<string, (argv: string[], io: CliIo) => Promise<number>>> = {
  import: importCommand,
  export: exportCommand,
  status: statusCommand,
  note: noteCommand,
  history: historyCommand,
};

/** Dispatches `offprint feedback ...`. */
export async function feedbackCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  const command = sub === undefined || !Object.hasOwn(SUBCOMMANDS, sub) ? undefined : SUBCOMMANDS[sub];
  if (command === undefined) {
    throw new UsageError(
      `unknown feedback command: ${sub ?? '(none)'} (expected: ${Object.keys(SUBCOMMANDS).join(', ')})`,
    );
  }
  return command(rest, io);
}
