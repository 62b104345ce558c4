/**
 * The `offprint` binary loads a command's modules only when that command runs: `--version`, `--help`, a
 * usage error and `verify` (on a reader's machine) load none of the server (HTTP, SQLite, Chromium, the MDX
 * renderer), whose ~600 modules cost over a second of a busy machine's CPU at every start. A module hook
 * in the child process (NODE_OPTIONS=--import) lists every module it loads.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';
import { tempDir } from './helpers/dataDirs.js';

/** Packages only serving, storing, rendering or exporting needs. */
const SERVER_PACKAGES = ['koa', 'better-sqlite3', 'playwright-core', '@mdx-js/mdx', 'shiki'];

const dir = tempDir('offprint-cli-startup-');
writeFileSync(
  join(dir, 'hooks.mjs'),
  `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.OFFPRINT_TEST_LOADED, url + '\\n');
  return next(url, context);
}
`,
);
writeFileSync(
  join(dir, 'register.mjs'),
  `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`,
);

/** Runs `offprint ARGS` and returns its exit code and the URL of every module it loaded. */
async function loadedBy(args: string[]): Promise<{ code: number | null; loaded: string[] }> {
  const list = join(dir, `loaded-${args.join('_').replace(/[^\w-]/g, '')}.txt`);
  writeFileSync(list, '');
  const run = await runBinary(args, {
    env: { NODE_OPTIONS: `--import ${pathToFileURL(join(dir, 'register.mjs')).href}`, OFFPRINT_TEST_LOADED: list },
  });
  return { code: run.code, loaded: readFileSync(list, 'utf8').split('\n').filter(Boolean) };
}

function packagesIn(loaded: string[]): Set<string> {
  const names = loaded.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]);
  return new Set(names.filter((name) => name !== undefined));
}

describe('what the offprint binary loads at start', () => {
  it.each([
    ['--version', ['--version'], 0],
    ['--help', ['--help'], 0],
    ['a command’s --help', ['export', '--help'], 0],
    ['an unknown command', ['bogus'], 2],
  ])('%s loads no command and none of the server', async (_name, args, code) => {
    const run = await loadedBy(args);
    expect(run.code).toBe(code);
    expect(run.loaded.some((url) => url.endsWith('/dist/server/cli/main.js'))).toBe(true);
    expect(run.loaded.filter((url) => url.includes('/cli/commands/'))).toEqual([]);
    const packages = packagesIn(run.loaded);
    expect(SERVER_PACKAGES.filter((name) => packages.has(name))).toEqual([]);
  });

  it('verify loads its own command and none of the server', async () => {
    const run = await loadedBy(['verify', join(dir, 'missing.zip')]);
    expect(run.code).not.toBe(0);
    expect(run.loaded.filter((url) => url.includes('/cli/commands/'))).toEqual([
      expect.stringMatching(/\/cli\/commands\/verify\.js$/),
    ]);
    const packages = packagesIn(run.loaded);
    expect(SERVER_PACKAGES.filter((name) => packages.has(name))).toEqual([]);
  });

  it('a command that stores loads what it needs (the list sees packages)', async () => {
    const run = await loadedBy(['projects', 'list', '--data-dir', join(dir, 'data'), '--json']);
    expect(run.code).toBe(0);
    expect(run.loaded.some((url) => url.endsWith('/cli/commands/admin.js'))).toBe(true);
    expect(packagesIn(run.loaded).has('better-sqlite3')).toBe(true);
  });
});
