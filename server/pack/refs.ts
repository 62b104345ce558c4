/**
 * Every remote asset a docs project uses, found by the parts that use them: the loaded config (logo,
 * favicon, background image, self-hosted fonts, `openapi`/`asyncapi` sources at any level, operation
 * pages naming a spec by URL), page frontmatter (`openapi:`/`asyncapi:`), and each page as the renderer
 * sees it (images, videos, posters, `<source>`, card images, icons: `RenderedPage.remoteMedia`, snippets
 * and variables included). Iframes are web pages, not files: they stay links and are not packed.
 */
import type { Logger } from '../logger.js';
import { OpenApiSourceSchema } from '../sites/project/config/primitives.js';
import type { SiteModel } from '../sites/project/model.js';
import { specSources } from '../sites/project/navigation/build.js';
import { isRemoteSpec, parseOperationRef } from '../sites/project/openapi/operations.js';
import { isRemoteUrl } from '../sites/project/remote.js';
import { SandboxFailure } from '../sites/sandbox/pool.js';
import { renderSandbox } from '../sites/sandbox/shared.js';
import type { Wanted } from './sniff.js';

/** A remote URL the project uses, as written, with what it must be and the files that use it. */
export interface RemoteRef {
  readonly url: string;
  readonly wanted: Wanted;
  readonly files: readonly string[];
}

/** Collects references, one per URL (the first kind seen wins; files accumulate). */
class RefSet {
  private readonly refs = new Map<string, { wanted: Wanted; files: Set<string> }>();

  add(url: unknown, wanted: Wanted, file: string): void {
    if (typeof url !== 'string' || !isRemoteUrl(url)) return;
    const key = url.trim();
    const ref = this.refs.get(key) ?? { wanted, files: new Set<string>() };
    ref.files.add(file);
    this.refs.set(key, ref);
  }

  /** Sorted by URL, files sorted: the same list for the same project. */
  list(): RemoteRef[] {
    return [...this.refs]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([url, ref]) => ({ url, wanted: ref.wanted, files: [...ref.files].sort() }));
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string or `{light, dark}` image value. */
function addThemed(refs: RefSet, value: unknown, file: string): void {
  if (isRecord(value)) {
    refs.add(value['light'], 'media', file);
    refs.add(value['dark'], 'media', file);
  } else refs.add(value, 'media', file);
}

/** `openapi`/`asyncapi` sources and operation page strings, at every level of the config. */
function addSpecs(refs: RefSet, node: unknown, file: string): void {
  if (Array.isArray(node)) {
    for (const item of node) {
      const spec = typeof item === 'string' ? parseOperationRef(item)?.spec : undefined;
      if (spec !== undefined && isRemoteSpec(spec)) refs.add(spec, 'spec', file);
      else addSpecs(refs, item, file);
    }
    return;
  }
  if (!isRecord(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'openapi' || key === 'asyncapi') {
      const parsed = OpenApiSourceSchema.safeParse(value);
      for (const source of parsed.success ? specSources(parsed.data) : []) refs.add(source.source, 'spec', file);
    } else addSpecs(refs, value, file);
  }
}

function addConfig(refs: RefSet, model: SiteModel): void {
  const { config, configFile } = model;
  addThemed(refs, config.logo, configFile);
  addThemed(refs, config.favicon, configFile);
  if (isRecord(config.background)) addThemed(refs, config.background['image'], configFile);
  const fonts = config.fonts;
  if (isRecord(fonts)) {
    refs.add(fonts['source'], 'font', configFile);
    for (const part of ['heading', 'body']) {
      const sub = fonts[part];
      if (isRecord(sub)) refs.add(sub['source'], 'font', configFile);
    }
  }
  addSpecs(refs, config, configFile);
}

function addFrontmatter(refs: RefSet, model: SiteModel): void {
  for (const page of model.pages.values()) {
    if (page.file === null) continue;
    for (const key of ['openapi', 'asyncapi'] as const) {
      const value = page.frontmatter[key];
      const spec = typeof value === 'string' ? (parseOperationRef(value)?.spec ?? value.split(/\s+/)[0]) : undefined;
      if (spec !== undefined && isRemoteSpec(spec)) refs.add(spec, 'spec', page.file);
    }
  }
}

/** Renders every page file in the render sandbox and records the remote media each one shows. */
async function addPages(refs: RefSet, model: SiteModel, logger: Logger): Promise<string[]> {
  const files = [...model.pages.values()].flatMap((page) => (page.file === null ? [] : [page.file]));
  const failed: string[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) {
      try {
        const { variables, iconLibrary } = model.settings;
        const page = await renderSandbox().render(model.rootDir, { file, variables, iconLibrary });
        for (const url of page.remoteMedia ?? []) refs.add(url, 'media', file);
      } catch (error) {
        if (!(error instanceof SandboxFailure)) throw error;
        logger.warn({ file, reason: error.message }, 'page could not be rendered to find its remote media');
        failed.push(`${file}: ${error.message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, renderSandbox().concurrency) }, lane));
  return failed.sort();
}

/** What a project uses from elsewhere, and the pages that could not be searched for it. */
export interface FoundRefs {
  readonly refs: readonly RemoteRef[];
  /** Pages the sandbox could not render (their media may be missing from the pack), with why. */
  readonly unrendered: readonly string[];
}

/** Finds every remote asset `model` uses (see the module comment). */
export async function findRemoteRefs(model: SiteModel, logger: Logger): Promise<FoundRefs> {
  const refs = new RefSet();
  addConfig(refs, model);
  addFrontmatter(refs, model);
  const unrendered = await addPages(refs, model, logger);
  return { refs: refs.list(), unrendered };
}
