/**
 * The desktop app as built (`dist/main`, package.json `main`), started by the real Electron binary: it
 * starts the embedded server. Skipped where the binary was not downloaded (CI and offline machines).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ELECTRON, needs } from './helpers/needs.js';

needs(ELECTRON).describe('desktop app', () => {
  it('starts the embedded server and loads the dashboard', async () => {
    const electronPath = readFileSync(new URL('../node_modules/electron/path.txt', import.meta.url), 'utf8');
    const child = spawn(new URL(`../node_modules/electron/dist/${electronPath}`, import.meta.url).pathname, ['.'], {
      env: { ...process.env, OFFPRINT_LOG_LEVEL: 'info' },
    });
    const started = await new Promise<boolean>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('embedded server started')) resolve(true);
      });
      setTimeout(() => resolve(false), 20_000);
    });
    child.kill();
    expect(started).toBe(true);
  });
});
