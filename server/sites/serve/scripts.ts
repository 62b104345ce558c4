/**
 * Which of a site's requested scripts (docs.json `integrations`, project `.js` files) its pages load:
 * only those named in the `allowedScripts` setting, and among integrations only those Offprint knows
 * how to load with a valid configuration. Everything else is skipped, with the reason, for the log.
 */
import type { SiteModel } from '../project/model.js';
import { COMPONENTS_SCRIPT, requestedScripts } from '../project/scripts.js';
import { integrationLoader, type HeadScript } from '../theme/integrations.js';
import { projectFileUrl } from '../theme/urls.js';
import { pageCsp } from './respond.js';

/** A skipped script and why. */
export interface SkippedScript {
  readonly name: string;
  readonly reason: string;
}

/** The scripts of one build under one allow-list. */
export interface SiteScripts {
  /** `<script>` tags every page gets, in order. */
  readonly head: readonly HeadScript[];
  /** Generated init files by integration name (`/_offprint/integrations/<name>.js`). */
  readonly initFiles: ReadonlyMap<string, string>;
  /** The page CSP when scripts need other origins; undefined keeps the default policy. */
  readonly csp: string | undefined;
  /** Names loaded. */
  readonly loaded: readonly string[];
  /** Of those, the project's own `.js` files (the rest are integrations), in order. */
  readonly files: readonly string[];
  readonly skipped: readonly SkippedScript[];
  /**
   * The project's interactive components run in readers' browsers (compile/islands.ts): the setting names
   * `components` (project/scripts.ts COMPONENTS_SCRIPT). Otherwise they stay as the server renders them.
   */
  readonly components: boolean;
}

/** The reason given for a script that was not allowed. */
export const NOT_ALLOWED = 'not in the allowedScripts setting';
/** The reason given for a project's React components when they are not allowed to run in browsers. */
export const COMPONENTS_NOT_ALLOWED =
  'the React components pages define show as the server renders them (not in the allowedScripts setting)';

/** Resolves the scripts of the build in `rootDir` against the allow-list `allowed`. */
export function resolveSiteScripts(
  rootDir: string,
  model: Pick<SiteModel, 'settings' | 'interactiveComponents'>,
  allowed: readonly string[],
): SiteScripts {
  const allow = new Set(allowed);
  const head: HeadScript[] = [];
  const initFiles = new Map<string, string>();
  const origins = { script: [] as string[], connect: [] as string[], img: [] as string[] };
  const loaded: string[] = [];
  const files: string[] = [];
  const skipped: SkippedScript[] = [];
  for (const request of requestedScripts(rootDir, model)) {
    if (!allow.has(request.name)) {
      skipped.push({
        name: request.name,
        reason: request.kind === 'components' ? COMPONENTS_NOT_ALLOWED : NOT_ALLOWED,
      });
      continue;
    }
    // Allowed, they run on the pages that have some (the render finds which): nothing to load everywhere.
    if (request.kind === 'components') continue;
    if (request.kind === 'file') {
      head.push({ src: projectFileUrl(request.name) });
      loaded.push(request.name);
      files.push(request.name);
      continue;
    }
    const loader = integrationLoader(request.name, request.config);
    if ('reason' in loader) {
      skipped.push({ name: request.name, reason: loader.reason });
      continue;
    }
    head.push(...loader.scripts);
    if (loader.init !== undefined) initFiles.set(request.name, loader.init);
    origins.script.push(...loader.origins.script);
    origins.connect.push(...loader.origins.connect);
    origins.img.push(...loader.origins.img);
    loaded.push(request.name);
  }
  const external = origins.script.length + origins.connect.length + origins.img.length > 0;
  const components = allow.has(COMPONENTS_SCRIPT);
  return { head, initFiles, csp: external ? pageCsp(origins) : undefined, loaded, files, skipped, components };
}
