/** `offprint` usage errors (exit 2, stderr only), help, and how the data dir is chosen. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listKeys } from '../server/domain/apiKeys.js';
import { runBinary } from './helpers/binary.js';
import { cli, cliProcess } from './helpers/cli.js';
import { inspect, json, USAGE_HINT } from './helpers/cliChecks.js';
import { tempDir } from './helpers/dataDirs.js';

describe('usage and errors', () => {
  const dataDir = tempDir();
  const d = ['--data-dir', dataDir];
  const usage: [string, string[], string][] = [
    ['an unknown command', ['bogus', ...d], 'unknown command: bogus'],
    [
      'an unknown subcommand',
      ['keys', 'rotate', ...d],
      'unknown keys command: rotate (expected: create, list, revoke)',
    ],
    ['a missing subcommand', ['projects'], 'unknown projects command: (none) (expected: create, list)'],
    [
      'an unknown flag',
      ['keys', 'list', '--bogus', ...d],
      `Unknown option '--bogus'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- "--bogus"`,
    ],
    ['a flag without its value', ['orgs', 'create', ...d, '--name'], "Option '--name <value>' argument missing"],
    ['an unexpected argument', ['projects', 'list', 'extra', ...d], 'unexpected argument: extra'],
    ['a missing key id', ['keys', 'revoke', ...d], 'missing KEYID'],
    ['a bad port', ['serve', '--port', '99999', ...d], '--port: must be at most 65535'],
    [
      'a bad export filter',
      ['feedback', 'export', '--project', 'p', '--source', 'email', ...d],
      '--source: "email" is not one of code_snippet, contextual, agent, thumbs_only',
    ],
    ['an export without a project', ['feedback', 'export', ...d], '--project ID is required'],
    [
      'an import without a file',
      ['feedback', 'import', '--project', 'p', ...d],
      'missing FILE (an NDJSON file, or - for stdin)',
    ],
  ];
  it.each(usage)('%s: exit 2, the problem on stderr, nothing on stdout', async (_name, args, message) => {
    expect(await cli(args)).toEqual({ code: 2, stdout: '', stderr: `offprint: ${message}\n${USAGE_HINT}` });
  });

  it('prints the usage on stderr and exits 2 when no command is given; on stdout for help', async () => {
    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('Usage: offprint <command> [options]');
    const help = await cli(['help']);
    expect(help).toEqual({ code: 0, stdout: none.stderr, stderr: '' });
  });

  it('behaves the same as the built binary', async () => {
    const bin = await cliProcess(['bogus', '--data-dir', dataDir]);
    expect(bin).toEqual({ code: 2, stdout: '', stderr: `offprint: unknown command: bogus\n${USAGE_HINT}` });
    const missing = await cliProcess(['keys', 'revoke', 'key_0000000000000000', '--data-dir', dataDir]);
    expect(missing).toEqual({ code: 1, stdout: '', stderr: 'offprint: API key key_0000000000000000 does not exist\n' });
  });
});

describe('choosing the data dir', () => {
  it('uses OFFPRINT_DATA_DIR, and --data-dir over it', async () => {
    const fromEnv = tempDir();
    const fromFlag = tempDir();
    const env = { OFFPRINT_DATA_DIR: fromEnv };
    const viaEnv = json<{ keyId: string }>(await cli(['keys', 'create', '--json'], { env }));
    const viaFlag = json<{ keyId: string }>(await cli(['keys', 'create', '--json', '--data-dir', fromFlag], { env }));
    expect(inspect(fromEnv, (rt) => listKeys(rt).map((k) => k.id))).toEqual([viaEnv.keyId]);
    expect(inspect(fromFlag, (rt) => listKeys(rt).map((k) => k.id))).toEqual([viaFlag.keyId]);
  });

  it('creates a nested data dir on first use, from the built binary too', async () => {
    const parent = tempDir();
    const nested = join(parent, 'a', 'b');
    const result = await runBinary(['keys', 'create', '--json'], { env: { OFFPRINT_DATA_DIR: nested } });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const { keyId } = JSON.parse(result.stdout) as { keyId: string };
    expect(inspect(nested, (rt) => listKeys(rt).map((k) => k.id))).toEqual([keyId]);
  });
});
