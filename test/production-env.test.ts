/**
 * The entry points default NODE_ENV to production before React loads (it picks its build once, at
 * load), and leave an explicit NODE_ENV alone. Checked on the built CLI, in a fresh Node process.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI_BIN } from './helpers/cli.js';

/** Loads the CLI module (without running a command) and reports NODE_ENV and which React build loaded. */
function probe(nodeEnv: string | undefined): { nodeEnv: string; react: string[] } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env['NODE_ENV'];
  if (nodeEnv !== undefined) env['NODE_ENV'] = nodeEnv;
  const script =
    `await import(${JSON.stringify(CLI_BIN)});` +
    `const { createRequire } = await import('node:module');` +
    // Files only lexed for their export names are in the cache too, with loaded false: count executed ones.
    `const cache = createRequire(${JSON.stringify(CLI_BIN)}).cache;` +
    `const react = Object.keys(cache).filter((f) => /react[\\\\/]cjs[\\\\/]react\\./.test(f) && cache[f].loaded);` +
    `console.log(JSON.stringify({ nodeEnv: process.env.NODE_ENV, react: react.map((f) => f.split(/[\\\\/]/).pop()) }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { nodeEnv: string; react: string[] };
}

describe('NODE_ENV of the offprint binary', () => {
  it('is production unless set, so React is loaded in its production build', () => {
    expect(probe(undefined)).toEqual({ nodeEnv: 'production', react: ['react.production.js'] });
  });

  it('is left as set', () => {
    expect(probe('development')).toEqual({ nodeEnv: 'development', react: ['react.development.js'] });
  });
});
