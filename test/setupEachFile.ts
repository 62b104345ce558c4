/**
 * Runs before each test file (vitest.config.ts `setupFiles`). Test files share their worker process and
 * its loaded modules (`isolate: false`), so what a file leaves behind is undone once it is done: the
 * temporary folders it made are deleted, and what it set in `process.env` (a fixed export time, a time
 * zone) is put back, so the next file starts from the environment the worker started with.
 */
import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers/dataDirs.js';

const before: Readonly<Record<string, string | undefined>> = { ...process.env };

afterAll(() => {
  removeTempDirs();
  for (const name of Object.keys(process.env)) {
    if (!(name in before)) delete process.env[name];
  }
  for (const [name, value] of Object.entries(before)) {
    if (value !== undefined && process.env[name] !== value) process.env[name] = value;
  }
});
