/**
 * "Not found" in the words of the command line: one wording for every command, naming what was looked
 * for, the data dir it was looked in (a wrong --data-dir is the usual cause) and the command that lists
 * what the data dir has. The HTTP API keeps its own messages.
 */
import { AppError, type Missing, type MissingKind } from '../errors.js';

/** How each kind is named, and the command (with what to look at in its output) that lists them. */
const KINDS: Readonly<Record<MissingKind, { readonly noun: string; readonly list: string; readonly see: string }>> = {
  organization: {
    noun: 'organization',
    list: 'offprint projects list',
    see: 'the organizations of its projects (ORG column)',
  },
  project: { noun: 'project', list: 'offprint projects list', see: 'the projects there' },
  domain: { noun: 'domain', list: 'offprint projects list', see: 'the projects there (DOMAIN column)' },
  apiKey: { noun: 'API key', list: 'offprint keys list', see: 'the API keys there' },
  feedback: { noun: 'feedback', list: 'offprint feedback export --project', see: 'its feedback' },
};

/** Raised by the CLI for something the data dir does not have: printed as it is, exit code 1. */
export class CliNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliNotFoundError';
  }
}

function sentence(missing: Missing, dataDir: string): string {
  const { noun, list, see } = KINDS[missing.kind];
  const inDir = `in the data dir ${dataDir}`;
  if (missing.kind === 'domain') {
    return `no project has the domain ${missing.id} ${inDir}\nRun \`${list}\` to see ${see}.`;
  }
  if (missing.kind === 'feedback' && missing.projectId !== undefined) {
    const where = `in project ${missing.projectId} ${inDir}`;
    return `${noun} ${missing.id} was not found ${where}\nRun \`${list} ${missing.projectId}\` to see ${see}.`;
  }
  return `${noun} ${missing.id} was not found ${inDir}\nRun \`${list}\` to see ${see}.`;
}

/** `error` in the CLI's "not found" wording when it is a lookup that found nothing; else `error` itself. */
export function inCliWords(error: unknown, dataDir: string): unknown {
  if (!(error instanceof AppError) || error.missing === undefined) return error;
  return new CliNotFoundError(sentence(error.missing, dataDir));
}
