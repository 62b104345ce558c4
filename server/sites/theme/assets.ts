/**
 * The theme's static files as the serve layer hands them out under `/_offprint/`: `theme.js`,
 * `theme-init.js`, `islands.js` (React, for pages whose components run in the browser), `theme.css` (built from `client/` by build.mjs at `npm run build`, into
 * dist/site-theme/) and the per-site `site.css`. Running from TypeScript sources (tests, dev), the bundle
 * is built in memory with esbuild on first use instead, so it always matches the sources.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type { SiteModel } from '../project/model.js';
import { emojiSvg } from './emoji.js';
import { renderSiteCss } from './siteCss.js';

/** A file ready to send. */
export interface ThemeAsset {
  readonly body: string;
  readonly contentType: string;
  /** Strong validator of the body (quoted, for the ETag header). */
  readonly etag: string;
}

/** The theme's files under `/_offprint/`: {@link themeAsset}'s, and `site.css` ({@link siteCssAsset}). */
export const THEME_ASSET_NAMES = ['theme.js', 'theme-init.js', 'theme.css', 'site.css', 'islands.js'] as const;

const EMOJI_DIR = 'emoji/';
const here = dirname(fileURLToPath(import.meta.url));
const fromSources = import.meta.url.endsWith('.ts');

function repoRoot(): string {
  // server/sites/theme (sources) or dist/server/sites/theme (built): the root holds package.json.
  for (let dir = here, i = 0; i < 6; i++, dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  return join(here, '..', '..', '..');
}

const FILES: Readonly<Record<string, string>> = {
  'theme.js': 'theme.js',
  'theme-init.js': 'theme-init.js',
  'theme.css': 'theme-style.css',
  'islands.js': 'islands.js',
};

let bundle: Map<string, string> | null = null;

function buildInMemory(sourceDir: string): Map<string, string> {
  const result = buildSync({
    entryPoints: {
      theme: join(sourceDir, 'client', 'main.ts'),
      'theme-init': join(sourceDir, 'client', 'theme-init.ts'),
      'theme-style': join(sourceDir, 'client', 'styles', 'theme.css'),
      islands: join(sourceDir, 'client', 'islands.ts'),
    },
    bundle: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    format: 'iife',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    charset: 'utf8',
    legalComments: 'none',
    outdir: '/op-theme',
    write: false,
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((f) => [f.path.split('/').pop() ?? f.path, f.text]));
}

function loadBundle(): Map<string, string> {
  if (bundle) return bundle;
  const root = repoRoot();
  const built = join(root, 'dist', 'site-theme');
  const sources = join(root, 'server', 'sites', 'theme');
  if (!fromSources && existsSync(join(built, 'theme.js'))) {
    bundle = new Map(Object.values(FILES).map((file) => [file, readFileSync(join(built, file), 'utf8')]));
  } else if (existsSync(join(sources, 'client', 'main.ts'))) {
    bundle = buildInMemory(sources);
  } else {
    throw new Error(`The docs-site theme is not built: run "npm run build" (expected ${built})`);
  }
  return bundle;
}

function asset(body: string, contentType: string): ThemeAsset {
  return { body, contentType, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

const siteCss = new WeakMap<SiteModel, Promise<ThemeAsset>>();
const files = new Map<string, ThemeAsset>();

/**
 * `site.css`, the per-site stylesheet (siteCss.ts), made once per site model. Asynchronous, unlike the
 * other files, because the project's code theme is read from Shiki's package the first time it is named.
 */
export function siteCssAsset(site: SiteModel): Promise<ThemeAsset> {
  let cached = siteCss.get(site);
  if (!cached) {
    cached = renderSiteCss(site).then((css) => asset(css, 'text/css; charset=utf-8'));
    siteCss.set(site, cached);
  }
  return cached;
}

/**
 * The theme file called `name` (`theme.js`, `theme-init.js`, `theme.css`, `islands.js`, or an emoji image
 * `emoji/<code points>.svg`), or null for any other name (`site.css` is {@link siteCssAsset}). Bundles are
 * read (or built) once per process.
 */
export function themeAsset(name: string): ThemeAsset | null {
  if (name.startsWith(EMOJI_DIR)) {
    const svg = emojiSvg(name.slice(EMOJI_DIR.length));
    return svg === null ? null : { body: svg.body, contentType: 'image/svg+xml', etag: svg.etag };
  }
  const file = FILES[name];
  if (file === undefined) return null;
  const known = files.get(name);
  if (known) return known;
  const body = loadBundle().get(file);
  if (body === undefined) return null;
  const made = asset(body, name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8');
  files.set(name, made);
  return made;
}
