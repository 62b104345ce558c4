/**
 * Two targets of the render backend loading page after page keep their renderer processes (CHROMIUM_ARGS'
 * renderer process limit): without it Chromium started a new renderer for nearly every load, because it
 * kept a spare one warm for whichever target's browser context had loaded last. Counted from the process
 * table, so Linux only.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CdpTarget, RenderBackend } from '../server/render/cdp.js';
import { launchChromiumServer, type BrowserServer } from '../server/render/chromium.js';
import { parseBrowserUrls } from '../server/render/endpoints.js';
import { remoteRenderBackend } from '../server/render/playwrightBackend.js';
import { tempDir } from './helpers/dataDirs.js';
import { CHROMIUM, needs, type Requirement } from './helpers/needs.js';
import { descendants } from './helpers/watchedServe.js';

const LOADS_PER_TARGET = 12;
const PROC_TABLE: Requirement = {
  missing: () => (existsSync('/proc/self/stat') ? null : 'no /proc process table to count renderers in (Linux only)'),
};

/** Renderer processes below `root` in the process table now. */
function renderersUnder(root: number): number[] {
  return descendants(root).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('--type=renderer');
    } catch {
      return false; // Ended while the table was read.
    }
  });
}

/** Loads `url` in `target` and waits for its load event. */
async function load(target: CdpTarget, url: string): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    const off = target.on('Page.loadEventFired', () => {
      off();
      resolve();
    });
  });
  await target.send('Page.navigate', { url });
  await loaded;
}

needs(CHROMIUM, PROC_TABLE).describe('renderer processes of the render backend', () => {
  let server: BrowserServer;
  let backend: RenderBackend;
  const pages: string[] = [];

  beforeAll(async () => {
    const dir = tempDir('offprint-renderer-reuse-');
    for (let i = 0; i < LOADS_PER_TARGET; i++) {
      const file = join(dir, `page-${i}.html`);
      writeFileSync(file, `<!doctype html><title>Page ${i}</title><p>Page ${i}</p>`);
      pages.push(pathToFileURL(file).href);
    }
    server = await launchChromiumServer();
    const [endpoint] = parseBrowserUrls([server.wsEndpoint()]);
    if (endpoint === undefined) throw new Error('the browser server URL did not parse');
    backend = await remoteRenderBackend(endpoint)();
  });

  afterAll(async () => {
    await backend?.close();
    await server?.close();
  });

  it('two targets loading pages side by side reuse their renderers instead of starting one a load', async () => {
    const targets = [await backend.newTarget(), await backend.newTarget()];
    for (const target of targets) await target.send('Page.enable');
    const seen = new Set<number>();
    for (const url of pages) {
      await Promise.all(targets.map((target) => load(target, url)));
      for (const pid of renderersUnder(server.process().pid ?? -1)) seen.add(pid);
    }
    await Promise.all(targets.map((target) => target.close()));
    // A renderer per target, and a few more while a navigation hands over; one a load was 20 or more.
    expect(seen.size).toBeGreaterThanOrEqual(targets.length);
    expect(seen.size).toBeLessThanOrEqual(6);
  }, 120_000);
});
