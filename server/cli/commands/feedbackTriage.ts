/**
 * `offprint feedback status|note|history`: triage from the command line, through the same domain
 * functions as the API (and so the same workflow rules and audit trail; the actor is `cli`).
 */
import { z } from 'zod';
import { FEEDBACK_STATUSES } from '../../db/feedback.js';
import { findProject, type ProjectRow } from '../../db/projects.js';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import { formatInstant } from '../../domain/feedback/dates.js';
import {
  BULK_MAX_IDS,
  bulkUpdateStatus,
  CLI_ACTOR,
  feedbackHistory,
  updateFeedback,
} from '../../domain/feedback/triage.js';
import { flag, onePositional, parseCommandArgs, positional } from '../args.js';
import { withRuntime } from '../context.js';
import { printJson, table, UsageError, write, type CliIo } from '../io.js';

const NoteSchema = z.string().trim().min(1).max(5000);

/** The project named by `--project`, in any organization (the CLI runs as the data dir's owner). */
export function requireProject(deps: Deps, projectId: string | undefined): ProjectRow {
  if (projectId === undefined) throw new UsageError('--project ID is required');
  const project = findProject(deps.db, projectId);
  if (project === undefined)
    throw NotFoundError(`Project ${projectId} was not found`, { kind: 'project', id: projectId });
  return project;
}

/** `offprint feedback status --project ID FEEDBACK_ID... --status S [--note TEXT]` */
export async function statusCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    project: { type: 'string' },
    status: { type: 'string' },
    note: { type: 'string' },
  });
  if (positionals.length === 0) throw new UsageError('missing FEEDBACK_ID (one or more)');
  if (positionals.length > BULK_MAX_IDS) throw new UsageError(`at most ${BULK_MAX_IDS} FEEDBACK_IDs at once`);
  if (values.status === undefined) throw new UsageError(`--status is required (${FEEDBACK_STATUSES.join(', ')})`);
  const status = flag('status', z.enum(FEEDBACK_STATUSES), values.status);
  const note = values.note === undefined ? undefined : flag('note', NoteSchema, values.note);
  return withRuntime(io, values['data-dir'], async (rt) => {
    const project = requireProject(rt, values.project);
    const result = bulkUpdateStatus(rt, project.orgId, project.id, { ids: positionals, status, note }, CLI_ACTOR);
    if (values.json) await printJson(io, result);
    else {
      const lines = [`Updated ${result.updated}, unchanged ${result.unchanged}`];
      for (const id of result.notFound) lines.push(`not found: ${id}`);
      for (const r of result.rejected) lines.push(`not changed: ${r.id} is ${r.status} (reopen it first)`);
      await write(io.stdout, `${lines.join('\n')}\n`);
    }
    // Some ids were not changed as asked: a script should notice.
    return result.notFound.length + result.rejected.length > 0 ? 1 : 0;
  });
}

/** `offprint feedback note --project ID FEEDBACK_ID TEXT` */
export async function noteCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { project: { type: 'string' } });
  const [id, text, extra] = positionals;
  if (id === undefined || text === undefined) throw new UsageError('expected FEEDBACK_ID and the note TEXT');
  if (extra !== undefined) throw new UsageError(`unexpected argument: ${extra} (quote the note)`);
  const note = positional('the note TEXT', NoteSchema, text);
  return withRuntime(io, values['data-dir'], async (rt) => {
    const project = requireProject(rt, values.project);
    const row = updateFeedback(rt, project.orgId, project.id, id, { note }, CLI_ACTOR);
    if (values.json) await printJson(io, { id: row.id, status: row.status, note });
    else await write(io.stdout, `Note added to ${row.id} (${row.status})\n`);
    return 0;
  });
}

/** `offprint feedback history --project ID FEEDBACK_ID` */
export async function historyCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { project: { type: 'string' } });
  const id = onePositional(positionals, 'FEEDBACK_ID');
  return withRuntime(io, values['data-dir'], async (rt) => {
    const project = requireProject(rt, values.project);
    const { entry, events } = feedbackHistory(rt, project.orgId, project.id, id);
    const rows = events.map((e) => ({
      at: formatInstant(e.at),
      actor: e.actor.name,
      change: e.fromStatus === null ? '' : `${e.fromStatus} -> ${e.toStatus ?? ''}`,
      note: e.note ?? '',
    }));
    if (values.json) await printJson(io, { id: entry.id, status: entry.status, events: rows });
    else {
      const body = table(
        ['WHEN', 'WHO', 'CHANGE', 'NOTE'],
        rows.map((r) => [r.at, r.actor, r.change, r.note.replace(/\s+/g, ' ')]),
      );
      await write(
        io.stdout,
        `${entry.id} (${entry.path}) is ${entry.status}\n${events.length === 0 ? 'No changes or notes yet.\n' : body}`,
      );
    }
    return 0;
  });
}
