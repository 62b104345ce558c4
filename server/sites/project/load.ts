/** `loadSiteProject`: a docs project folder -> {@link SiteModel}. */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ValidationError } from '../../errors.js';
import { loadConfig } from './config/load.js';
import { formatKeyPath } from './config/refs.js';
import type { SitePage, SiteModel, SiteProblem } from './model.js';
import type { SiteSettings, ThemedAsset } from './settingsModel.js';
import type { BackgroundConfig } from './config/schema.js';
import { buildNavigation } from './navigation/build.js';
import { NavContext } from './navigation/context.js';
import { scanSpecs } from './openapi/specs.js';
import { specRefProblems } from './openapi/pointer.js';
import { ClassNameCollector } from './classNames.js';
import { IconNameCollector } from './iconNames.js';
import { withoutMissingIconFiles } from './iconFiles.js';
import { RemoteRequestCollector } from './remoteFetches.js';
import { definesInteractiveComponent } from './scripts.js';
import { listProjectFiles } from './pages/files.js';
import {
  filePage,
  generatedPage,
  pageFileByPath,
  readPageFile,
  snippetProblems,
  type SourceScan,
} from './pages/pages.js';
import { localTarget } from './pages/references.js';
import { fontProblems, withoutMissingFontFiles } from './fonts.js';
import { BrokenLinks } from './pages/links.js';
import { readRemoteAssets, withPackedSettings } from './remote.js';
import { siteRedirects, siteSettings } from './settings.js';
import { stylesheetProblems } from './stylesheets.js';
import { shadowedPageProblems } from './shadowedPages.js';
import { atLegacyPlaces } from './config/legacyPlaces.js';

/** The logo or favicon modes whose file the project holds; undefined when it holds neither. */
function presentModes<T extends ThemedAsset>(asset: T | undefined, isMissing: (ref: string) => boolean): T | undefined {
  if (asset === undefined) return undefined;
  const light = isMissing(asset.light) ? undefined : asset.light;
  const dark = isMissing(asset.dark) ? undefined : asset.dark;
  if (light === undefined && dark === undefined) return undefined;
  return { ...asset, light: light ?? dark, dark: dark ?? light };
}

/** `background.image` without the files `isMissing` names: a mode left with none has no image. */
function presentBackground(background: BackgroundConfig, isMissing: (ref: string) => boolean): BackgroundConfig {
  const { image } = background;
  if (image === undefined) return background;
  if (typeof image === 'string') return isMissing(image) ? { ...background, image: undefined } : background;
  const keep = (ref: string | undefined) => (ref === undefined || isMissing(ref) ? undefined : ref);
  return { ...background, image: { ...image, light: keep(image.light), dark: keep(image.dark) } };
}

/** The background image files a config names, with the key each is written at. */
function backgroundRefs(background: BackgroundConfig): [string, string | undefined][] {
  const { image } = background;
  if (typeof image === 'string' || image === undefined) return [['background.image', image]];
  return [
    ['background.image.light', image.light],
    ['background.image.dark', image.dark],
  ];
}

/**
 * Settings without the logo, favicon and background image files the project lacks, and a problem for
 * each. The theme then shows the site's name and no icon or image rather than a broken image on every
 * page: a request the live site answers with 404 and a console error, and an export with a warning per page.
 */
function withoutMissingAssets(settings: SiteSettings, configFile: string, files: ReadonlySet<string>) {
  const { logo, favicon } = settings;
  // One file for both modes was written as a plain string: the problem names the key as written.
  const key = (name: string, pair: ThemedAsset | undefined, mode: 'light' | 'dark') =>
    pair?.light === pair?.dark ? name : `${name}.${mode}`;
  const refs: [string, string | undefined][] = [
    [key('logo', logo, 'light'), logo?.light],
    [key('logo', logo, 'dark'), logo?.dark],
    [key('favicon', favicon, 'light'), favicon?.light],
    [key('favicon', favicon, 'dark'), favicon?.dark],
    ...backgroundRefs(settings.background),
  ];
  const problems: SiteProblem[] = [];
  const missing = new Set<string>();
  for (const [keyPath, ref] of refs) {
    if (ref === undefined || missing.has(ref)) continue;
    const target = localTarget(ref, configFile);
    if (target === undefined || files.has(target)) continue;
    missing.add(ref);
    problems.push({
      code: 'missing-asset',
      file: configFile,
      keyPath,
      message: `${ref}: file not found in the project`,
    });
  }
  if (missing.size === 0) return { settings, problems };
  const isMissing = (ref: string) => missing.has(ref);
  const kept: SiteSettings = {
    ...settings,
    logo: presentModes(logo, isMissing),
    favicon: presentModes(favicon, isMissing),
    background: presentBackground(settings.background, isMissing),
  };
  return { settings: kept, problems };
}

/** A loaded project without its pages, which {@link streamSiteProject} handed on one by one. */
export type LoadedProject = Omit<SiteModel, 'pages'>;

/** Receives each page of a project as it is made, in model order (file pages, then generated ones). */
export type PageSink = (page: SitePage) => void;

/**
 * Reads the docs project at `rootDir`: config (docs.json with `$ref`s, or converted mint.json), pages,
 * OpenAPI specs, navigation, redirects and settings. Problems that still allow serving the site (missing
 * pages in the navigation, missing images, unknown operations, broken links, ...) are listed in `problems`; a broken
 * config throws a ValidationError whose details name file, key path and problem.
 */
export function loadSiteProject(rootDir: string): SiteModel {
  const pages = new Map<string, SitePage>();
  const loaded = streamSiteProject(rootDir, (page) => pages.set(page.path, page));
  return { ...loaded, pages };
}

/**
 * {@link loadSiteProject} that keeps no page: each goes to `onPage` as soon as it is made, so a staging
 * thread can write a 10,000-page project's pages away as it reads them instead of holding them all
 * (with the garbage of making them) until the end (issue 13).
 */
export function streamSiteProject(rootDir: string, onPage: PageSink): LoadedProject {
  const root = resolve(rootDir);
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw ValidationError('The site source is not a folder', [`${rootDir}: no such folder`]);

  const loaded = loadConfig(root);
  const configFile = loaded.file;
  const files = listProjectFiles(root);
  const iconFiles = withoutMissingIconFiles(loaded.config, configFile, files.all);
  const config = iconFiles.config;
  const pageFiles = pageFileByPath(files.pages);
  const configFiles = new Set(loaded.files);
  const scan = scanSpecs(
    root,
    files.specCandidates.filter((f) => !configFiles.has(f)),
  );

  const remote = readRemoteAssets(root);
  const ctx = new NavContext(
    configFile,
    files.all,
    new Set(pageFiles.keys()),
    scan.specs,
    scan.unreadable,
    remote.assets,
  );
  const navigation = buildNavigation(ctx, config.navigation, config.api?.openapi);

  // Every page path is known before the first page is read (file names, then the navigation's
  // generated pages), so each page's links are checked as it is read and its text let go.
  const { redirects, problems: redirectProblems } = siteRedirects(config, configFile);
  const brokenLinks = new BrokenLinks((path) => ctx.exists(path), files.all, redirects);
  brokenLinks.checkRedirects(config.redirects, configFile);

  const visibility = { indexAll: config.seo?.indexing === 'all' };
  const readProblems: SiteProblem[] = [];
  const pageProblems: SiteProblem[] = [];
  let outOfNavPages = 0;
  const classNames = new ClassNameCollector();
  const icons = new IconNameCollector();
  icons.collectConfig(config, configFile);
  let interactiveComponents = false;
  const remoteRequests = new RemoteRequestCollector();
  const scanSource: SourceScan = (source, file) => {
    classNames.collect(source);
    icons.collectSource(source, file);
    remoteRequests.collectSource(source, file);
    interactiveComponents ||= definesInteractiveComponent(source);
  };
  const variables = config.variables ?? {};
  const unfetchedSpecs = ctx.problems.some((p) => p.code === 'remote-spec');
  for (const [path, file] of pageFiles) {
    const usage = ctx.usage.get(path);
    if (usage === undefined) outOfNavPages++;
    const page = readPageFile(root, file, files.all, readProblems, variables, (source) => {
      scanSource(source, file);
      brokenLinks.checkPage(file, source);
    });
    onPage(filePage(page, usage, scan.specs, visibility, pageProblems, (s) => ctx.specFile(s), unfetchedSpecs));
  }
  // A file another file at the same path overrides is no page, but its problems are still the author's.
  const pageFileSet = new Set(pageFiles.values());
  for (const file of files.pages) if (!pageFileSet.has(file)) readPageFile(root, file, files.all, readProblems, {});
  readProblems.push(
    ...snippetProblems(root, files.snippets, files.all, (source, file) => {
      scanSource(source, file);
      brokenLinks.checkSnippet(file, source);
    }),
  );
  for (const gen of ctx.generated.values()) onPage(generatedPage(gen, ctx.usage.get(gen.path), visibility));

  const stylesheets = [...files.all].filter((path) => path.toLowerCase().endsWith('.css'));
  const written = siteSettings(config, configFile);
  const packed = withPackedSettings(written.settings, remote.assets, configFile);
  const assets = withoutMissingAssets(packed.settings, configFile, files.all);
  const fonts = withoutMissingFontFiles(config.fonts, configFile, files.all);
  const settings = assets.settings;
  // Unknown keys and the values a mint.json's conversion left out are found in the file as written.
  const asWritten = [
    ...loaded.unknownKeys.map((notice): SiteProblem => ({ code: 'unknown-config', ...notice })),
    ...loaded.invalidValues.map((issue): SiteProblem => ({
      code: 'invalid-config',
      file: configFile,
      keyPath: formatKeyPath(issue.path),
      message: issue.message,
    })),
  ];
  const found = [
    ...ctx.problems,
    ...[...scan.specs.values()].flatMap(specRefProblems),
    ...redirectProblems,
    ...shadowedPageProblems(redirects, { files: pageFiles, generated: ctx.generated.keys(), configFile }),
    ...written.problems,
    ...assets.problems,
    ...fonts.problems,
    ...icons.problems(settings.iconLibrary),
    ...remote.problems,
    ...packed.problems,
    ...iconFiles.problems,
    ...fontProblems(config.fonts, remote.assets, configFile),
    // Stable: a file's own problems stay in the order they were found.
    ...[...readProblems, ...pageProblems].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    ...brokenLinks.problems(),
    ...remoteRequests.problems(),
    ...stylesheetProblems(root, stylesheets),
  ];
  // The rest was checked in the converted shape: a mint.json's problems name the place written there.
  const places = loaded.places;
  // A group every version shares is written once there, so its problem is reported once.
  const problems = [...asWritten, ...(places === undefined ? found : atLegacyPlaces(found, configFile, places))];
  const operations = [...scan.specs.values()].reduce((n, s) => n + s.operations.length, 0);
  return {
    rootDir: root,
    configFile,
    config: fonts.problems.length === 0 ? config : { ...config, fonts: fonts.fonts },
    settings,
    navigation,
    navOrder: ctx.order,
    redirects,
    specs: scan.specs,
    remoteAssets: remote.assets,
    stylesheets,
    classNames: classNames.sorted(),
    interactiveComponents,
    problems,
    counts: {
      // Generated pages take paths no file has (NavContext.generate).
      pages: pageFiles.size + ctx.generated.size,
      filePages: pageFiles.size,
      generatedPages: ctx.generated.size,
      navPages: ctx.order.length,
      outOfNavPages,
      snippets: files.snippets.length,
      specs: scan.specs.size,
      operations,
      redirects: redirects.length,
    },
  };
}
