/**
 * The entry points default NODE_ENV to production before React loads (it picks its build once, at
 * load), and leave an explicit NODE_ENV alone. React renders pages only in the render sandbox, which
 * gets the server's NODE_ENV and nothing else of its environment; the server process never loads it.
 * Checked on the built CLI, in fresh processes.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';
import { CLI_BIN } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

/** Loads the CLI module (without running a command) and reports NODE_ENV and which React builds loaded. */
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

/** The NODE_ENV the render sandboxes of one `sites import` ran with (from their start-up log line). */
async function sandboxNodeEnv(nodeEnv: string | undefined): Promise<string[]> {
  const env: NodeJS.ProcessEnv = { OFFPRINT_LOG_LEVEL: 'debug' };
  const dataDir = tempDir();
  const listed = await runBinary(['projects', 'list', '--json', '--data-dir', dataDir]);
  const projectId = (JSON.parse(listed.stdout) as { projects: { projectId: string }[] }).projects[0]?.projectId ?? '';
  const source = writeProject({ 'docs.json': docsJson(), 'index.mdx': '# Home' });
  // An undefined value leaves the variable out of the child's environment.
  const run = await runBinary(['sites', 'import', '--project', projectId, source, '--data-dir', dataDir], {
    env: { ...env, NODE_ENV: nodeEnv },
  });
  expect(run.code, run.stderr).toBe(0);
  return run.stderr
    .split('\n')
    .filter((line) => line.includes('render sandbox ready'))
    .map((line) => (JSON.parse(line) as { nodeEnv: string }).nodeEnv);
}

describe('NODE_ENV of the offprint binary', () => {
  it('is production unless set; the server process itself never loads React', () => {
    expect(probe(undefined)).toEqual({ nodeEnv: 'production', react: [] });
  });

  it('is left as set', () => {
    expect(probe('development')).toEqual({ nodeEnv: 'development', react: [] });
  });

  it('reaches the render sandboxes, so pages render with React in its production build', async () => {
    expect(await sandboxNodeEnv(undefined)).toEqual(['production']);
    expect(await sandboxNodeEnv('development')).toEqual(['development']);
  });
});
