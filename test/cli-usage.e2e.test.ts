/** `offprint` usage errors (exit 2, stderr only), help, and how the data dir is chosen. */
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listKeys } from '../server/domain/apiKeys.js';
import { runBinary } from './helpers/binary.js';
import { cli, cliProcess } from './helpers/cli.js';
import { helpHint, inspect, json, USAGE_HINT } from './helpers/cliChecks.js';
import { tempDir } from './helpers/dataDirs.js';

describe('usage and errors', () => {
  const dataDir = tempDir();
  const d = ['--data-dir', dataDir];
  // [name, args, message, the command whose help the error points at (none: the general usage)]
  const usage: [string, string[], string, string | null][] = [
    ['an unknown command', ['bogus', ...d], 'unknown command: bogus', null],
    [
      'an unknown subcommand',
      ['keys', 'rotate', ...d],
      'unknown keys command: rotate (expected: create, list, revoke)',
      'keys',
    ],
    ['a missing subcommand', ['projects'], 'unknown projects command: (none) (expected: create, list)', 'projects'],
    ['an unknown flag', ['keys', 'list', '--bogus', ...d], 'unknown option --bogus for `offprint keys list`', 'keys'],
    [
      'a mistyped flag',
      ['projects', 'list', '--jsn', ...d],
      'unknown option --jsn for `offprint projects list` (did you mean --json?)',
      'projects',
    ],
    ['an unknown short flag', ['verify', 'x.zip', '-x'], 'unknown option -x for `offprint verify`', 'verify'],
    ['a flag without its value', ['orgs', 'create', ...d, '--name'], '--name needs a value', 'orgs'],
    [
      'a flag whose value looks like a flag',
      ['orgs', 'create', '--name', '--json', ...d],
      '--name needs a value (for a value starting with a dash, write --name=--json)',
      'orgs',
    ],
    ['a value for a switch', ['keys', 'list', '--json=yes', ...d], '--json takes no value (got "yes")', 'keys'],
    ['an unexpected argument', ['projects', 'list', 'extra', ...d], 'unexpected argument: extra', 'projects'],
    ['a missing key id', ['keys', 'revoke', ...d], 'missing KEYID', 'keys'],
    ['a bad port', ['serve', '--port', '99999', ...d], '--port: must be at most 65535', 'serve'],
    [
      'a bad log format',
      ['export', '--domain', 'a.b', '--out', 'x.zip', '--log-format', 'xml', ...d],
      '--log-format must be one of text, json (got "xml")',
      'export',
    ],
    [
      'a bad export filter',
      ['feedback', 'export', '--project', 'p', '--source', 'email', ...d],
      '--source: "email" is not one of code_snippet, contextual, agent, thumbs_only',
      'feedback',
    ],
    ['an export without a project', ['feedback', 'export', ...d], '--project ID is required', 'feedback'],
    ['a missing required flag', ['projects', 'create', '--name', 'X', ...d], '--domain is required', 'projects'],
    [
      'a value not among the choices',
      ['orgs', 'create', '--name', 'A', '--plan', 'gold', ...d],
      '--plan must be one of free, pro, enterprise (got "gold")',
      'orgs',
    ],
    [
      'a bad filter of several words, named as typed',
      ['feedback', 'export', '--project', 'p', '--date-from', 'yesterday', ...d],
      '--date-from: "yesterday" is not a valid date: use YYYY-MM-DD or an ISO 8601 date-time with Z or an offset',
      'feedback',
    ],
    [
      'a filter whose field has another name',
      ['feedback', 'export', '--project', 'p', '--search', 'a'.repeat(201), ...d],
      '--search must be at most 200 characters',
      'feedback',
    ],
    [
      'an unknown setting to get',
      ['settings', 'get', 'nope', ...d],
      'unknown setting: nope (expected: allowedScripts, renderBrowsers)',
      'settings',
    ],
    [
      'an unknown setting to set',
      ['settings', 'set', 'allowedScript', 'posthog', ...d],
      'unknown setting: allowedScript (expected: allowedScripts, renderBrowsers)',
      'settings',
    ],
    [
      'an unknown setting to unset',
      ['settings', 'unset', 'nope', ...d],
      'unknown setting: nope (expected: allowedScripts, renderBrowsers)',
      'settings',
    ],
    [
      'an import without a file',
      ['feedback', 'import', '--project', 'p', ...d],
      'missing FILE (an NDJSON file, or - for stdin)',
      'feedback',
    ],
  ];
  it.each(usage)('%s: exit 2, the problem on stderr, nothing on stdout', async (_name, args, message, command) => {
    const hint = command === null ? USAGE_HINT : helpHint(command);
    expect(await cli(args)).toEqual({ code: 2, stdout: '', stderr: `offprint: ${message}\n${hint}` });
  });

  it('prints the usage on stderr and exits 2 when no command is given; on stdout for help', async () => {
    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('Usage: offprint <command> [options]');
    const help = await cli(['help']);
    expect(help).toEqual({ code: 0, stdout: none.stderr, stderr: '' });
  });

  it('prints the version as a line, or as one JSON object with --json', async () => {
    const line = await cli(['version']);
    expect(line).toEqual({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\S*\n$/) as unknown, stderr: '' });
    expect(await cli(['--version'])).toEqual(line);
    const version = line.stdout.trimEnd();
    expect(await cli(['version', '--json'])).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ version })}\n`,
      stderr: '',
    });
    expect(await cli(['--version', '--json'])).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ version })}\n`,
      stderr: '',
    });
    expect(await cli(['version', '--bogus'])).toEqual({
      code: 2,
      stdout: '',
      stderr: `offprint: unknown option --bogus\n${USAGE_HINT}`,
    });
  });

  it('behaves the same as the built binary', async () => {
    const bin = await cliProcess(['bogus', '--data-dir', dataDir]);
    expect(bin).toEqual({ code: 2, stdout: '', stderr: `offprint: unknown command: bogus\n${USAGE_HINT}` });
    const flagged = await cliProcess(['keys', 'create', '--nmae', 'x', '--data-dir', dataDir]);
    expect(flagged).toEqual({
      code: 2,
      stdout: '',
      stderr: `offprint: unknown option --nmae for \`offprint keys create\` (did you mean --name?)\n${helpHint('keys')}`,
    });
    const missing = await cliProcess(['keys', 'revoke', 'key_0000000000000000', '--data-dir', dataDir]);
    expect(missing).toEqual({
      code: 1,
      stdout: '',
      stderr: `offprint: API key key_0000000000000000 was not found in the data dir ${dataDir}\nRun \`offprint keys list\` to see the API keys there.\n`,
    });
  });
});

describe("each command's own help", () => {
  const commands = [
    'serve',
    'orgs',
    'projects',
    'keys',
    'sites',
    'settings',
    'feedback',
    'export',
    'preview',
    'verify',
    'serve-bundle',
    'pack',
    'signing-key',
    'diff',
    'delta',
    'apply',
  ];

  it.each(commands)(
    'offprint %s --help: usage, one line per flag, an example; exit 0, nothing on stderr',
    async (name) => {
      const help = await cli([name, '--help']);
      expect(help.code).toBe(0);
      expect(help.stderr).toBe('');
      expect(help.stdout.startsWith(`Usage: offprint ${name}`)).toBe(true);
      const options = help.stdout.split('\n\n').find((block) => block.startsWith('Options:')) ?? '';
      // Every flag line starts with the flag; the common ones close every list.
      expect(
        options
          .split('\n')
          .slice(1)
          .every((line) => /^ {2}-/.test(line)),
      ).toBe(true);
      expect(options).toContain('--data-dir DIR');
      expect(options).toContain('-h, --help');
      expect(help.stdout).toMatch(new RegExp(`\\nExamples?:\\n {2}offprint ${name}\\b`));
      // The same text from `offprint help NAME`, `-h`, and with other (even wrong) flags around it.
      expect(await cli(['help', name])).toEqual(help);
      expect(await cli([name, '-h'])).toEqual(help);
      expect(await cli([name, 'bogus-sub', '--bogus', '--help'])).toEqual(help);
    },
  );

  it('lists the flags of serve and export', async () => {
    const serve = (await cli(['serve', '--help'])).stdout;
    for (const flag of ['--host', '--port', '--allowed-host']) expect(serve).toContain(flag);
    const exportHelp = (await cli(['export', '--help'])).stdout;
    for (const flag of ['--domain', '--out', '--deployment', '--concurrency', '--path', '--log-format']) {
      expect(exportHelp).toContain(flag);
    }
  });

  it('offprint help --help (or -h) is the general usage, as offprint help is', async () => {
    const help = await cli(['help']);
    expect(await cli(['help', '--help'])).toEqual(help);
    expect(await cli(['--help', '-h'])).toEqual(help);
  });

  it('refuses help for a command that does not exist', async () => {
    expect(await cli(['help', 'bogus'])).toEqual({
      code: 2,
      stdout: '',
      stderr: `offprint: unknown command: bogus\n${USAGE_HINT}`,
    });
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

  it('takes an empty OFFPRINT_DATA_DIR or XDG_DATA_HOME as unset, never as the current folder', async () => {
    const cwd = tempDir();
    const home = tempDir();
    const xdg = tempDir();
    const env = { OFFPRINT_DATA_DIR: '', XDG_DATA_HOME: xdg, HOME: home };
    const viaXdg = await runBinary(['keys', 'create', '--json'], { env, cwd });
    expect(viaXdg).toMatchObject({ code: 0, stderr: `offprint: created the data dir ${join(xdg, 'offprint')}\n` });
    const noXdg = await runBinary(['keys', 'create', '--json'], { env: { ...env, XDG_DATA_HOME: '' }, cwd });
    const fallback = join(home, '.local', 'share', 'offprint');
    expect(noXdg).toMatchObject({ code: 0, stderr: `offprint: created the data dir ${fallback}\n` });
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('refuses an empty --data-dir, which would be the current folder', async () => {
    const cwd = tempDir();
    const result = await runBinary(['keys', 'create', '--data-dir', ''], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('offprint: --data-dir needs a folder path, and was given an empty one');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('creates a nested data dir on first use, saying so in one line on stderr, from the built binary too', async () => {
    const parent = tempDir();
    const nested = join(parent, 'a', 'b');
    const result = await runBinary(['keys', 'create', '--json'], { env: { OFFPRINT_DATA_DIR: nested } });
    expect(result).toMatchObject({ code: 0, stderr: `offprint: created the data dir ${nested}\n` });
    const { keyId } = JSON.parse(result.stdout) as { keyId: string };
    expect(inspect(nested, (rt) => listKeys(rt).map((k) => k.id))).toEqual([keyId]);
    expect(statSync(nested).mode & 0o777).toBe(0o700);
    // Once it exists, nothing more is said.
    expect(await runBinary(['keys', 'list'], { env: { OFFPRINT_DATA_DIR: nested } })).toMatchObject({
      code: 0,
      stderr: '',
    });
  });

  it('refuses a data dir that is a file, naming where the path came from, and leaves the file alone', async () => {
    const file = join(tempDir(), 'notes.txt');
    writeFileSync(file, 'mine');
    expect(await cli(['keys', 'list', '--data-dir', file])).toEqual({
      code: 2,
      stdout: '',
      stderr: `offprint: the data dir ${file} (--data-dir) is a file, not a folder\n${helpHint('keys')}`,
    });
    const viaEnv = await runBinary(['serve', '--port', '0'], { env: { OFFPRINT_DATA_DIR: file } });
    expect(viaEnv).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `offprint: the data dir ${file} (OFFPRINT_DATA_DIR) is a file, not a folder\n${helpHint('serve')}`,
    });
    const below = join(file, 'data');
    expect(await cli(['keys', 'list', '--data-dir', below])).toMatchObject({
      code: 2,
      stderr: `offprint: cannot use the data dir ${below} (--data-dir): a part of the path is a file\n${helpHint('keys')}`,
    });
    expect(readFileSync(file, 'utf8')).toBe('mine');
  });

  // A folder the system will not let anyone create (under /proc) once made Node's recursive mkdir loop forever.
  it.skipIf(process.platform !== 'linux')(
    'fails at once, in words, on a data dir that cannot be made or used',
    async () => {
      const cases: [string, string][] = [
        [
          '/proc/nope',
          'cannot create the data dir /proc/nope (--data-dir): /proc does not accept new files or folders',
        ],
        [
          '/proc/self/nope/deeper',
          'cannot create the data dir /proc/self/nope/deeper (--data-dir): /proc/self does not accept new files or folders',
        ],
        ['/proc', 'cannot use the data dir /proc (--data-dir): /proc does not accept new files or folders'],
      ];
      for (const [dir, message] of cases) {
        const result = await runBinary(['projects', 'list', '--data-dir', dir], { timeoutMs: 5_000 });
        expect(result).toEqual({
          code: 2,
          signal: null,
          stdout: '',
          stderr: `offprint: ${message}\n${helpHint('projects')}`,
        });
      }
      const viaServe = await runBinary(['serve', '--port', '0'], {
        env: { OFFPRINT_DATA_DIR: '/proc/nope' },
        timeoutMs: 5_000,
      });
      expect(viaServe).toMatchObject({ code: 2, signal: null, stdout: '' });
      expect(viaServe.stderr).toContain('cannot create the data dir /proc/nope (OFFPRINT_DATA_DIR)');
    },
  );

  // Root may write in any folder it made, so root (CI) is refused by a folder of the kernel instead (sysfs
  // takes no new files, whoever asks); another user by a folder of its own made read-only.
  it.skipIf(process.platform !== 'linux')(
    'refuses a data dir this user may not write in, before touching it',
    async () => {
      const asRoot = process.getuid?.() === 0;
      const dir = asRoot ? '/sys/kernel' : tempDir();
      if (!asRoot) chmodSync(dir, 0o500);
      const result = await cli(['keys', 'list', '--data-dir', dir]);
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toMatch(
        new RegExp(
          `^offprint: cannot use the data dir ${dir} \\(--data-dir\\): ` +
            '(permission denied: this user may not write in it|it is on a read-only file system)\n',
        ),
      );
      expect(result.stderr).toContain(helpHint('keys'));
      if (asRoot) return;
      chmodSync(dir, 0o700);
      expect(readdirSync(dir)).toEqual([]);
    },
  );
});
