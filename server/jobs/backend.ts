/**
 * The headless render backend for `serve` and `offprint export`, loaded on first use: every CLI command
 * is one process, and most never render, so they should not pay for loading playwright-core.
 */
import type { RenderBackendFactory } from '../render/cdp.js';

/** E1's playwright backend (headless Chromium), imported when a job first launches a browser. */
export function lazyPlaywrightBackend(): RenderBackendFactory {
  let factory: Promise<RenderBackendFactory> | undefined;
  return async () => {
    factory ??= import('../render/playwrightBackend.js').then((m) => m.playwrightRenderBackend());
    return (await factory)();
  };
}
