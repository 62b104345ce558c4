/**
 * The process's render pool. Every page render of every site goes through one pool, so its process
 * and queue bounds hold for the whole server; the composition root (the CLI's `serve`, the desktop
 * app) sets its options before first use and closes it at shutdown.
 */
import { silentLogger, type Logger } from '../../logger.js';
import { RenderSandbox, type SandboxOptions } from './pool.js';

let shared: RenderSandbox | null = null;
let settings: { logger: Logger; options: Partial<SandboxOptions> } = { logger: silentLogger(), options: {} };

/**
 * Sets the logger and options of the pool (the desktop app passes its utility-process launcher). An
 * existing pool is closed; the next render starts the new one.
 */
export function configureRenderSandbox(logger: Logger, options: Partial<SandboxOptions> = {}): void {
  closeRenderSandbox();
  settings = { logger, options };
}

/** The pool, started on first use. */
export function renderSandbox(): RenderSandbox {
  shared ??= new RenderSandbox(settings.logger, settings.options);
  return shared;
}

/** Ends every sandbox process (shutdown); a later render starts a new pool. */
export function closeRenderSandbox(): void {
  shared?.close();
  shared = null;
}
