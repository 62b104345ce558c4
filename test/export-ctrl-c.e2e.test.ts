/**
 * Ctrl-C in a terminal signals the whole foreground process group, not only `offprint export`: the
 * render sandboxes and the capture browser get SIGINT too. The export cancels itself; none of its
 * helpers may report its own end as a crash or a failed page, which reads as a second problem.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';
import { CLI_BIN } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { needsChromium } from './helpers/needs.js';
import { ALL_SHAPES } from './helpers/siteProjects.js';

const DOMAIN = 'docs.ctrlc.test';

needsChromium().describe('Ctrl-C during offprint export', () => {
  const dataDir = tempDir('offprint-export-ctrlc-');

  beforeAll(async () => {
    const args = ['projects', 'create', '--name', 'C', '--domain', DOMAIN, '--source', ALL_SHAPES];
    const created = await runBinary([...args, '--data-dir', dataDir]);
    expect(created.code, created.stderr).toBe(0);
  }, 60_000);

  it('to the process group, as a terminal sends it: the cancel line and no warning', async () => {
    const target = join(dataDir, 'interrupted.zip');
    // Its own process group, so the signal reaches what it started and nothing of the test runner.
    const child = spawn(
      process.execPath,
      [CLI_BIN, 'export', '--domain', DOMAIN, '--out', target, '--concurrency', '1'],
      {
        env: { ...process.env, OFFPRINT_DATA_DIR: dataDir, OFFPRINT_LOG_LEVEL: 'warn' },
        detached: true,
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    const closed = once(child, 'close');
    // Once pages are rendering (a progress line counting some done), interrupt.
    const deadline = Date.now() + 60_000;
    while (!/[1-9]\d*\/\d+ pages/.test(stderr) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    process.kill(-(child.pid ?? 0), 'SIGINT');
    const [code] = (await closed) as [number | null];
    expect(code, stderr).toBe(130);
    expect(existsSync(target)).toBe(false);
    const lines = stderr.split('\n').filter((line) => line !== '');
    expect(lines.at(-1)).toMatch(/^offprint: export of docs\.ctrlc\.test cancelled \(job se_[0-9a-f]{16}\)$/);
    // Progress lines, then the cancel line: no log record of a sandbox or a page failing.
    expect(
      lines.filter((line) => line.startsWith('{')),
      stderr,
    ).toEqual([]);
  }, 120_000);
});
