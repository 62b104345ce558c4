/**
 * Every flag a command accepts is in its usage line, its own help's option list and its lines of the
 * general usage (`offprint help`): a flag missing from them is one nobody finds. The table is what each
 * command's parseCommandArgs takes (server/cli/commands/*.ts); a new flag belongs here and in the help.
 */
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';

const TRUST = ['--public-key', '--fingerprint'];

const ACCEPTED: Readonly<Record<string, readonly string[]>> = {
  serve: ['--host', '--port', '--allowed-host', '--log-format'],
  orgs: ['--name', '--plan'],
  projects: ['--name', '--domain', '--org', '--source'],
  keys: ['--org', '--name'],
  sites: ['--project'],
  settings: [],
  feedback: [
    '--project',
    '--format',
    '--date-from',
    '--date-to',
    '--source',
    '--status',
    '--path',
    '--search',
    '--note',
  ],
  export: [
    '--domain',
    '--out',
    '--deployment',
    '--concurrency',
    '--path',
    '--browser',
    '--allow-egress',
    '--log-format',
  ],
  preview: ['--port', '--host'],
  verify: TRUST,
  diff: [],
  delta: ['--out', '--org'],
  apply: ['--out', ...TRUST],
  'signing-key': ['--org', '--out', '--fingerprint'],
  'serve-bundle': [
    ...['--bundle-url', '--delta-url', '--sha256', '--version', '--cache', '--collector', '--port', '--host'],
    ...['--keep', '--timeout', '--retries', ...TRUST],
  ],
  pack: ['--out', '--strict', '--allow-http', '--allow-private-hosts', '--timeout', '--max-file-mb', '--max-total-mb'],
};

/** The lines of the general usage about `name`: from its line to the next command's. */
function generalUsageOf(help: string, name: string): string {
  const lines = help.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`  ${name} `));
  const end = lines.findIndex((line, i) => i > start && /^ {2}[a-z]/.test(line) && !line.startsWith(`  ${name} `));
  return start < 0 ? '' : lines.slice(start, end < 0 ? undefined : end).join('\n');
}

describe('the flags in the help', () => {
  it.each(Object.keys(ACCEPTED))(
    'offprint %s: every accepted flag in its usage, its options and offprint help',
    async (name) => {
      const own = (await cli([name, '--help'])).stdout;
      const [usage = ''] = own.split('\n\n');
      const options = own.split('\n\n').find((block) => block.startsWith('Options:')) ?? '';
      const general = generalUsageOf((await cli(['help'])).stdout, name);
      const missing = (ACCEPTED[name] ?? []).flatMap((flag) => {
        const named = new RegExp(`${flag}(?![a-z-])`);
        return [
          ...(named.test(usage) ? [] : [`usage: ${flag}`]),
          ...(named.test(options) ? [] : [`options: ${flag}`]),
          ...(named.test(general) ? [] : [`offprint help: ${flag}`]),
        ];
      });
      expect(missing).toEqual([]);
    },
  );
});
