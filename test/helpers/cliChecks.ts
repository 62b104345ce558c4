/** Shared checks of CLI tests: reading a data dir back, and a successful --json result. */
import { expect } from 'vitest';
import { openRuntime, type Runtime } from '../../server/runtime.js';
import { silentLogger } from '../../server/logger.js';
import { cli, type CliResult } from './cli.js';

/** The line a usage error outside any command (an unknown command) ends with. */
export const USAGE_HINT = 'Run "offprint help" for usage.\n';

/** The line a usage error of `command` ends with: where its own help is. */
export function helpHint(command: string): string {
  return `See \`offprint ${command} --help\`.\n`;
}

/** Opens `dataDir` to look at what a command left there. */
export function inspect<T>(dataDir: string, fn: (runtime: Runtime) => T): T {
  const runtime = openRuntime(dataDir, silentLogger());
  try {
    return fn(runtime);
  } finally {
    runtime.close();
  }
}

/** The one JSON object a successful `--json` command printed. */
export function json<T>(result: CliResult): T {
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout.endsWith('\n')).toBe(true);
  expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout) as T;
}

/** A project as `offprint projects list --json` prints it (the fields these tests read). */
export interface ListedProject {
  readonly projectId: string;
  readonly domain: string;
  readonly siteUrl: string | null;
}

/** `offprint projects list --json` on `dataDir`, which must succeed. */
export async function listProjects(dataDir: string): Promise<ListedProject[]> {
  return json<{ projects: ListedProject[] }>(await cli(['projects', 'list', '--json', '--data-dir', dataDir])).projects;
}
