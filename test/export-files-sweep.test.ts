/**
 * The worker's sweep of export files no job needs (server/jobs/worker.ts): kept page captures of a
 * project that no longer exists go (an export that ended after its project was deleted wrote them), with
 * an old version a killed process left beside them; those of live projects stay, but for such old versions.
 */
import { CAPTURED_HTML } from '../server/export/workDir.js';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { listProjects } from '../server/db/projects.js';
import { captureCacheDir } from '../server/exportSpec/files.js';
import { sweepJobFiles } from '../server/jobs/worker.js';
import type { Runtime } from '../server/runtime.js';
import { openTempRuntime } from './helpers/siteProjects.js';

let runtime: Runtime | undefined;
afterEach(() => runtime?.close());

function keptCaptures(dataDir: string, projectId: string): string {
  const dir = captureCacheDir(dataDir, projectId);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${'b'.repeat(40)}${CAPTURED_HTML}`), '<!doctype html>');
  return dir;
}

it("removes the kept captures of deleted projects and old versions left by killed processes, not live projects' captures", () => {
  runtime = openTempRuntime();
  const live = listProjects(runtime.db)[0]?.id ?? '';
  const liveCaptures = keptCaptures(runtime.dataDir, live);
  const goneCaptures = keptCaptures(runtime.dataDir, 'a-deleted-project');
  const oldVersion = `${goneCaptures}.4242.0a1b2c3d.old`;
  const liveOldVersion = `${liveCaptures}.4242.0a1b2c3d.old`;
  mkdirSync(oldVersion);
  mkdirSync(liveOldVersion);

  sweepJobFiles(runtime);

  expect(existsSync(join(liveCaptures, `${'b'.repeat(40)}${CAPTURED_HTML}`))).toBe(true);
  expect(existsSync(goneCaptures)).toBe(false);
  expect(existsSync(oldVersion)).toBe(false);
  expect(existsSync(liveOldVersion)).toBe(false);
});
