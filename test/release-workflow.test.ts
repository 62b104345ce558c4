/**
 * The release workflow (.github/workflows/release.yml) cannot run here (it downloads Electron), so this
 * checks what can go stale without anyone noticing: every `npm run` names a script of package.json,
 * every file it runs exists, each platform asks electron-builder only for targets electron-builder.yml
 * configures, and the checksum script prints the sha256sum format.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { tempDir } from './helpers/dataDirs.js';

const root = new URL('../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');

const Workflow = z.object({
  jobs: z.object({
    desktop: z.object({
      strategy: z.object({ matrix: z.object({ include: z.array(z.object({ os: z.string(), targets: z.string() })) }) }),
      steps: z.array(z.object({ run: z.string().optional(), uses: z.string().optional() })),
    }),
  }),
});
const Builder = z.object({
  linux: z.object({ target: z.array(z.string()) }),
  mac: z.object({ target: z.array(z.string()) }),
  win: z.object({ target: z.array(z.string()) }),
});

const workflow = Workflow.parse(parse(read('.github/workflows/release.yml')));
const builder = Builder.parse(parse(read('electron-builder.yml')));
const scripts = z.object({ scripts: z.record(z.string(), z.string()) }).parse(JSON.parse(read('package.json'))).scripts;
const runs = workflow.jobs.desktop.steps.flatMap((step) => (step.run === undefined ? [] : [step.run]));

describe('release workflow', () => {
  it('runs only npm scripts that exist, in the release order', () => {
    const named = runs.flatMap((run) => [...run.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]));
    expect(named).toEqual(['rebuild:electron', 'test:desktop', 'test:desktop', 'dist:desktop']);
    for (const name of named) expect(scripts, `npm script ${name}`).toHaveProperty(name ?? '');
    expect(scripts['rebuild:electron']).toContain('install-app-deps');
    expect(scripts['test:desktop']).toContain('test/desktop-app.e2e.test.ts');
    expect(read('test/desktop-app.e2e.test.ts')).toContain('needs(ELECTRON)');
    expect(runs.join('\n')).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
  });

  it('runs files that exist', () => {
    const files = runs.flatMap((run) => [...run.matchAll(/node (\S+\.m?js)/g)].map((m) => m[1] ?? ''));
    expect(files).toEqual(['.github/scripts/checksums.mjs']);
    for (const file of files) expect(() => read(file)).not.toThrow();
  });

  it('builds each platform once, asking only for targets electron-builder.yml configures', () => {
    const byOs = new Map(workflow.jobs.desktop.strategy.matrix.include.map((m) => [m.os, m.targets.split(' ')]));
    expect([...byOs.keys()].sort()).toEqual(['macos-latest', 'ubuntu-latest', 'windows-latest']);
    const configured = { '--linux': builder.linux.target, '--mac': builder.mac.target, '--win': builder.win.target };
    for (const [flag, ...targets] of byOs.values()) {
      expect(Object.keys(configured)).toContain(flag);
      for (const target of targets) expect(configured[flag as keyof typeof configured]).toContain(target);
    }
  });

  it('prints sha256sum lines for the installers only, sorted', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'Offprint.dmg'), 'mac');
    writeFileSync(join(dir, 'Offprint.AppImage'), 'linux');
    writeFileSync(join(dir, 'builder-debug.yml'), 'not an installer');
    const out = execFileSync(process.execPath, [new URL('.github/scripts/checksums.mjs', root).pathname, dir], {
      encoding: 'utf8',
    });
    const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
    expect(out).toBe(`${sha('linux')}  Offprint.AppImage\n${sha('mac')}  Offprint.dmg\n`);
  });
});
