/** `loadSiteProject`: a docs project folder -> {@link SiteModel}. */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ValidationError } from '../../errors.js';
import { loadConfig } from './config/load.js';
import type { SitePage, SiteModel, SiteProblem } from './model.js';
import { buildNavigation } from './navigation/build.js';
import { NavContext } from './navigation/context.js';
import { scanSpecs } from './openapi/specs.js';
import { listProjectFiles } from './pages/files.js';
import { filePage, generatedPage, readPageFiles } from './pages/pages.js';
import { localTarget } from './pages/references.js';
import { readRemoteAssets, withPackedSettings } from './remote.js';
import { siteRedirects, siteSettings } from './settings.js';

function assetProblems(model: Pick<SiteModel, 'settings' | 'configFile'>, files: ReadonlySet<string>): SiteProblem[] {
  const { logo, favicon } = model.settings;
  const refs: [string, string | undefined][] = [
    ['logo.light', logo?.light],
    ['logo.dark', logo?.dark],
    ['favicon.light', favicon?.light],
    ['favicon.dark', favicon?.dark],
  ];
  const problems: SiteProblem[] = [];
  const seen = new Set<string>();
  for (const [keyPath, ref] of refs) {
    if (ref === undefined || seen.has(ref)) continue;
    seen.add(ref);
    const target = localTarget(ref, model.configFile);
    if (target !== undefined && !files.has(target)) {
      problems.push({
        code: 'missing-asset',
        file: model.configFile,
        keyPath,
        message: `${ref}: file not found in the project`,
      });
    }
  }
  return problems;
}

/**
 * Reads the docs project at `rootDir`: config (docs.json with `$ref`s, or converted mint.json), pages,
 * OpenAPI specs, navigation, redirects and settings. Problems that still allow serving the site (missing
 * pages in the navigation, missing images, unknown operations, ...) are listed in `problems`; a broken
 * config throws a ValidationError whose details name file, key path and problem.
 */
export function loadSiteProject(rootDir: string): SiteModel {
  const root = resolve(rootDir);
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw ValidationError('The site source is not a folder', [`${rootDir}: no such folder`]);

  const loaded = loadConfig(root);
  const { config, file: configFile } = loaded;
  const files = listProjectFiles(root);
  const read = readPageFiles(root, files.pages, files.snippets, files.all);
  const configFiles = new Set(loaded.files);
  const scan = scanSpecs(
    root,
    files.specCandidates.filter((f) => !configFiles.has(f)),
  );

  const remote = readRemoteAssets(root);
  const pagePaths = new Set(read.pages.map((p) => p.path));
  const ctx = new NavContext(configFile, pagePaths, scan.specs, scan.unreadable, remote.assets);
  const navigation = buildNavigation(ctx, config.navigation, config.api?.openapi);

  const visibility = { indexAll: config.seo?.indexing === 'all' };
  const pageProblems: SiteProblem[] = [];
  const pages = new Map<string, SitePage>();
  for (const page of read.pages) {
    const usage = ctx.usage.get(page.path);
    pages.set(
      page.path,
      filePage(page, usage, scan.specs, visibility, pageProblems, (s) => ctx.specFile(s)),
    );
  }
  for (const gen of ctx.generated.values())
    pages.set(gen.path, generatedPage(gen, ctx.usage.get(gen.path), visibility));

  const written = siteSettings(config, configFile);
  const packed = withPackedSettings(written.settings, remote.assets, configFile);
  const settings = packed.settings;
  const { redirects, problems: redirectProblems } = siteRedirects(config, configFile);
  const problems = [
    ...ctx.problems,
    ...redirectProblems,
    ...written.problems,
    ...assetProblems({ settings, configFile }, files.all),
    ...remote.problems,
    ...packed.problems,
    ...[...read.problems, ...pageProblems].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
  ];
  const operations = [...scan.specs.values()].reduce((n, s) => n + s.operations.length, 0);
  const navPages = ctx.order.length;
  return {
    rootDir: root,
    configFile,
    config,
    settings,
    navigation,
    pages,
    navOrder: ctx.order,
    redirects,
    specs: scan.specs,
    remoteAssets: remote.assets,
    problems,
    counts: {
      pages: pages.size,
      filePages: read.pages.length,
      generatedPages: ctx.generated.size,
      navPages,
      outOfNavPages: read.pages.filter((p) => !ctx.usage.has(p.path)).length,
      snippets: files.snippets.length,
      specs: scan.specs.size,
      operations,
      redirects: redirects.length,
    },
  };
}
