/**
 * The headless render backend for `serve` and `offprint export`, loaded on first use: every CLI command
 * is one process, and most never render, so they should not pay for loading playwright-core. With
 * remote browsers (`--browser`, the `renderBrowsers` setting) it is a pool sharding pages over them.
 */
import type { Logger } from '../logger.js';
import type { RenderBackendFactory } from '../render/cdp.js';
import type { BrowserEndpoint } from '../render/endpoints.js';
import { poolRenderBackend, poolSlots, type PoolMember } from '../render/pool.js';

/** E1's playwright backend (headless Chromium), imported when a job first launches a browser. */
export function lazyPlaywrightBackend(): RenderBackendFactory {
  let factory: Promise<RenderBackendFactory> | undefined;
  return async () => {
    factory ??= import('../render/playwrightBackend.js').then((m) => m.playwrightRenderBackend());
    return (await factory)();
  };
}

/** A connection to one remote browser, playwright-core imported on first use. */
function lazyRemoteBackend(endpoint: BrowserEndpoint): RenderBackendFactory {
  return async () => (await import('../render/playwrightBackend.js')).remoteRenderBackend(endpoint)();
}

/** The browser(s) a run renders with and how many pages it renders at once. */
export interface RenderSetup {
  readonly backend: RenderBackendFactory;
  readonly concurrency: number;
}

/**
 * Without remote browsers: `local` with `concurrency`. With some: a pool over them, `concurrency`
 * pages each, so the pipeline renders `concurrency x browsers` pages at once.
 */
export function renderSetup(
  local: RenderBackendFactory,
  browsers: readonly BrowserEndpoint[],
  concurrency: number,
  logger: Logger,
): RenderSetup {
  if (browsers.length === 0) return { backend: local, concurrency };
  const members: PoolMember[] = browsers.map((endpoint) => ({
    label: endpoint.label,
    slots: concurrency,
    factory: lazyRemoteBackend(endpoint),
  }));
  return { backend: poolRenderBackend(members, logger), concurrency: poolSlots(members) };
}
