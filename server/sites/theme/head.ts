/** The `<html>` start tag and `<head>` of a page: title, SEO meta, favicon, stylesheets, scripts. */
import type { SiteModel } from '../project/model.js';
import type { Frontmatter } from '../project/pages/frontmatter.js';
import { attrs, esc, localAsset } from './html.js';
import type { HeadScript } from './integrations.js';
import { textDirection } from './i18n/index.js';
import { SEARCH_INDEX_REL, type ExportProfile } from './profile.js';
import { SHARED_NAV_REL } from './sharedNav.js';
import {
  ISLANDS_JS_URL,
  KATEX_CSS_URL,
  projectFileUrl,
  SEARCH_INDEX_URL,
  SITE_CSS_URL,
  THEME_CSS_URL,
  THEME_INIT_URL,
  THEME_JS_URL,
  UTILITIES_CSS_URL,
} from './urls.js';

/** What the head describes. */
export interface HeadArgs {
  readonly site: SiteModel;
  readonly title: string;
  readonly description?: string | undefined;
  /** Page URL path (`/guides/a`), for canonical and og:url. */
  readonly url?: string | undefined;
  readonly origin?: string | undefined;
  readonly frontmatter?: Frontmatter;
  readonly noindex: boolean;
  readonly keywords?: readonly string[];
  /** The page body uses KaTeX output. */
  readonly math: boolean;
  /** `lang` attribute (language of the current navigation section). */
  readonly lang: string;
  /** Storage key of the banner shown, so theme-init can hide a dismissed one before first paint. */
  readonly bannerKey?: string | undefined;
  /** Reader feedback widgets are off (`integrations.telemetry.enabled: false`). */
  readonly feedbackOff: boolean;
  /** Set when the page is rendered for a static export bundle. */
  readonly profile?: ExportProfile | undefined;
  /** Third-party scripts an administrator allowed for this site (setting `allowedScripts`), in order. */
  readonly scripts?: readonly HeadScript[] | undefined;
  /** The shared sidebar file of the page's section, when its sidebar is too large for every page. */
  readonly sharedNav?: string | undefined;
  /** The site's utilities stylesheet has rules (absent: whenever the project writes class names). */
  readonly utilities?: boolean | undefined;
  /** The script of the page's interactive components, when they run in the browser (render/DOM.md). */
  readonly islands?: string | undefined;
  /** The page's RSS feed (root-relative), when it has one (theme/feed.ts). */
  readonly feed?: string | undefined;
}

/** A page's components, then React and what runs them (deferred: they run in this order once parsed). */
function islandScripts(src: string | undefined): string {
  if (src === undefined) return '';
  return `<script${attrs({ src, defer: true })}></script><script src="${ISLANDS_JS_URL}" defer></script>`;
}

/** Allowed third-party scripts, after the theme's own: deferred, so they run in order once parsed. */
function thirdPartyScripts(scripts: readonly HeadScript[] | undefined): string {
  return (scripts ?? []).map((s) => `<script${attrs({ src: s.src, ...s.attributes, defer: true })}></script>`).join('');
}

/** The project's own stylesheets, after the theme's so that they override it, as Mintlify loads them. */
function projectStylesheets(site: SiteModel): string {
  return site.stylesheets.map((path) => `<link${attrs({ rel: 'stylesheet', href: projectFileUrl(path) })}>`).join('');
}

/**
 * Where the site's pages are published, as their canonical URLs say: `seo.metatags.canonical` when it is
 * a web address, else `origin` (the export's `https://<domain>`); without a trailing slash. The export's
 * sitemap and redirect pages use it too, so one bundle names one place.
 */
export function canonicalOrigin(site: SiteModel, origin: string | undefined): string | undefined {
  const base = site.settings.seo?.metatags?.['canonical'] ?? origin;
  return base && /^https?:\/\//i.test(base) ? base.replace(/\/+$/, '') : undefined;
}

function canonical(args: HeadArgs): string | undefined {
  const own = args.frontmatter?.canonical;
  if (typeof own === 'string' && /^https?:\/\//i.test(own)) return own;
  if (args.url === undefined) return undefined;
  const base = canonicalOrigin(args.site, args.origin);
  return base === undefined ? undefined : base + args.url;
}

function favicons(site: SiteModel): string {
  const light = localAsset(site.settings.favicon?.light);
  const dark = localAsset(site.settings.favicon?.dark) ?? light;
  if (!light || !dark) return '';
  const icon = { light, dark };
  const type = (href: string): string | undefined =>
    /\.svg$/i.test(href) ? 'image/svg+xml' : /\.png$/i.test(href) ? 'image/png' : undefined;
  if (icon.light === icon.dark) return `<link${attrs({ rel: 'icon', href: icon.light, type: type(icon.light) })}>`;
  return (
    `<link${attrs({ rel: 'icon', href: icon.light, type: type(icon.light), media: '(prefers-color-scheme: light)' })}>` +
    `<link${attrs({ rel: 'icon', href: icon.dark, type: type(icon.dark), media: '(prefers-color-scheme: dark)' })}>`
  );
}

/**
 * Frontmatter `og:*` / `twitter:*` keys and `seo.metatags` (except canonical) as meta tags, a page's own key
 * in place of the site's (one tag each: crawlers read the first of two).
 */
function extraMeta(args: HeadArgs): string {
  let out = '';
  const own = args.frontmatter ?? {};
  for (const [key, value] of Object.entries(args.site.settings.seo?.metatags ?? {})) {
    if (key !== 'canonical' && /^[\w:.-]+$/.test(key) && !(key in own)) out += `<meta${attrs(metaName(key, value))}>`;
  }
  for (const [key, value] of Object.entries(args.frontmatter ?? {})) {
    if (/^(og|twitter):[\w:.-]+$/.test(key) && (typeof value === 'string' || typeof value === 'number')) {
      out += `<meta${attrs(metaName(key, String(value)))}>`;
    }
  }
  return out;
}

function metaName(key: string, content: string): Record<string, string> {
  return key.startsWith('og:') ? { property: key, content } : { name: key, content };
}

/** The decorations Mintlify draws (organize/settings-appearance.mdx); any other value draws none. */
const DECORATIONS: ReadonlySet<string> = new Set(['gradient', 'grid', 'windows']);

function decorationOf(value: string | undefined): string | undefined {
  return value !== undefined && DECORATIONS.has(value) ? value : undefined;
}

/** `<!doctype html><html ...><head>...</head>` */
export function renderHead(args: HeadArgs): string {
  const { site } = args;
  const { appearance } = site.settings;
  const fullTitle = args.title === site.settings.name ? args.title : `${args.title} - ${site.settings.name}`;
  const description = args.description ?? site.settings.description;
  const link = canonical(args);
  // A generated Open Graph tag gives way to the page's or the site's own (`seo.metatags["og:site_name"]`, as
  // Mintlify's metatags override it): Herald's pages carried og:site_name twice, the generated one first.
  const given = new Set([...Object.keys(args.frontmatter ?? {}), ...Object.keys(site.settings.seo?.metatags ?? {})]);
  const og = (key: string, content: string | undefined): string =>
    content && !given.has(key) ? `<meta${attrs({ property: key, content })}>` : '';
  const html = attrs({
    lang: args.lang,
    // Arabic and Hebrew pages read right to left: the theme's logical properties mirror the layout by it.
    dir: textDirection(args.lang),
    class: appearance.default === 'dark' ? 'dark' : undefined,
    'data-appearance': appearance.default,
    'data-strict': appearance.strict ? 'true' : undefined,
    'data-banner': args.bannerKey,
    'data-feedback': args.feedbackOff ? 'off' : undefined,
    'data-op-export': args.profile?.deployment,
    'data-op-feedback-collector': args.feedbackOff ? undefined : (args.profile?.feedbackCollector ?? undefined),
    'data-op-analytics': args.profile?.analyticsCollector ?? undefined,
    'data-op-codeblocks': site.settings.codeblocks,
    // Mintlify's `html[data-current-path="/quickstart"]`, which projects' stylesheets select pages by.
    'data-current-path': args.url,
    // docs.json's `theme` (mint, maple, linden…), for the rules that set one theme apart (base.css).
    'data-op-theme': site.settings.theme,
    // docs.json's `background.decoration`, drawn behind the page top by decoration.css.
    'data-op-decoration': decorationOf(site.settings.background.decoration),
  });
  return (
    `<!doctype html><html${html}><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(fullTitle)}</title>` +
    (description ? `<meta${attrs({ name: 'description', content: description })}>` : '') +
    (args.keywords && args.keywords.length > 0
      ? `<meta${attrs({ name: 'keywords', content: args.keywords.join(', ') })}>`
      : '') +
    (args.noindex ? '<meta name="robots" content="noindex">' : '') +
    (link ? `<link${attrs({ rel: 'canonical', href: link })}>` : '') +
    (args.feed
      ? `<link${attrs({ rel: 'alternate', type: 'application/rss+xml', title: fullTitle, href: args.feed })}>`
      : '') +
    og('og:title', args.title) +
    og('og:site_name', site.settings.name) +
    og('og:description', description) +
    og('og:type', 'website') +
    og('og:url', link) +
    extraMeta(args) +
    favicons(site) +
    `<meta name="color-scheme" content="${appearance.strict ? (appearance.default === 'dark' ? 'dark' : appearance.default === 'light' ? 'light' : 'light dark') : 'light dark'}">` +
    `<script src="${THEME_INIT_URL}"></script>` +
    `<link rel="stylesheet" href="${THEME_CSS_URL}">` +
    `<link rel="stylesheet" href="${SITE_CSS_URL}">` +
    ((args.utilities ?? site.classNames.length > 0) ? `<link rel="stylesheet" href="${UTILITIES_CSS_URL}">` : '') +
    (args.math ? `<link rel="stylesheet" href="${KATEX_CSS_URL}">` : '') +
    projectStylesheets(site) +
    (args.profile?.search ? `<link rel="${SEARCH_INDEX_REL}" href="${SEARCH_INDEX_URL}">` : '') +
    (args.sharedNav === undefined ? '' : `<link rel="${SHARED_NAV_REL}" href="${esc(args.sharedNav)}">`) +
    `<script src="${THEME_JS_URL}" defer></script>` +
    islandScripts(args.islands) +
    thirdPartyScripts(args.scripts) +
    '</head>'
  );
}
