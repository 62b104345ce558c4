/** Site settings and redirects from a validated config, with the format's defaults applied (§1.1). */
import { codeblocksSettings } from './codeblocks.js';
import { parseLenient } from './config/lenient.js';
import { contextualItems } from './contextual.js';
import { formatKeyPath } from './config/refs.js';
import { sampleLanguageProblems } from './sampleLanguages.js';
import { BackgroundSchema, TelemetrySchema, type DocsConfig } from './config/schema.js';
import type { SiteProblem, SiteRedirect } from './model.js';
import type { SiteSettings, ThemedAsset } from './settingsModel.js';

function themed(value: string | { light: string; dark?: string | undefined } | undefined): ThemedAsset | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return { light: value, dark: value };
  return { light: value.light, dark: value.dark ?? value.light };
}

/** Keys whose value is dropped with a problem rather than refusing the project (see `parseLenient`). */
function lenientSettings(config: DocsConfig, configFile: string) {
  const background = parseLenient(BackgroundSchema, config.background ?? {}, {});
  const telemetry = parseLenient(TelemetrySchema, config.integrations?.['telemetry'] ?? {}, {});
  const problems: SiteProblem[] = [
    ...background.issues.map((i) => ({ ...i, path: ['background', ...i.path] })),
    ...telemetry.issues.map((i) => ({ ...i, path: ['integrations', 'telemetry', ...i.path] })),
  ].map((issue) => ({
    code: 'invalid-config',
    file: configFile,
    keyPath: formatKeyPath(issue.path),
    message: `${issue.message}; the default is used`,
  }));
  // Reader feedback is on unless the project turns it off: decided here, once, for the theme, the
  // feedback endpoints and the agent instructions.
  return { background: background.data, readerFeedback: telemetry.data.enabled !== false, problems };
}

/** Normalised settings for the theme, and problems with keys that fell back to their default. */
export function siteSettings(
  config: DocsConfig,
  configFile: string,
): { settings: SiteSettings; problems: SiteProblem[] } {
  const logo = themed(config.logo);
  const logoHref = typeof config.logo === 'object' ? config.logo.href : undefined;
  const favicon = themed(config.favicon);
  const notFound = config.errors?.['404'];
  const { background, readerFeedback, problems } = lenientSettings(config, configFile);
  const contextual = contextualItems(config.contextual, configFile);
  problems.push(...contextual.problems);
  const codeblocks = codeblocksSettings(config.styling?.['codeblocks'], configFile);
  problems.push(...codeblocks.problems);
  problems.push(...sampleLanguageProblems(config.api, configFile));
  const settings: SiteSettings = {
    name: config.name,
    theme: config.theme,
    colors: {
      primary: config.colors.primary,
      light: config.colors.light ?? config.colors.primary,
      dark: config.colors.dark ?? config.colors.primary,
    },
    appearance: { default: config.appearance?.default ?? 'system', strict: config.appearance?.strict ?? false },
    iconLibrary: config.icons?.library ?? 'fontawesome',
    variables: config.variables ?? {},
    notFound: {
      redirect: notFound?.redirect ?? true,
      ...(notFound?.title === undefined ? {} : { title: notFound.title }),
      ...(notFound?.description === undefined ? {} : { description: notFound.description }),
    },
    background,
    readerFeedback,
    contextual: contextual.items,
    ...(config.description === undefined ? {} : { description: config.description }),
    ...(logo === undefined ? {} : { logo: { ...logo, ...(logoHref === undefined ? {} : { href: logoHref }) } }),
    ...(favicon === undefined ? {} : { favicon }),
    ...(config.navbar === undefined ? {} : { navbar: config.navbar }),
    ...(config.footer === undefined ? {} : { footer: config.footer }),
    ...(config.banner === undefined ? {} : { banner: config.banner }),
    ...(config.integrations === undefined ? {} : { integrations: config.integrations }),
    ...(config.search === undefined ? {} : { search: config.search }),
    ...(config.seo === undefined ? {} : { seo: config.seo }),
    ...(config.styling?.['eyebrows'] === 'breadcrumbs' ? { eyebrows: 'breadcrumbs' } : {}),
    ...codeblocks.settings,
    ...(config.metadata?.['timestamp'] === true ? { timestamps: true } : {}),
    ...(config.interaction?.['drilldown'] === true ? { drilldown: true } : {}),
  };
  return { settings, problems };
}

/** A URL with a scheme (`https:`, `mailto:`) or protocol-relative (`//host`): not a site path. */
function isUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//');
}

/**
 * A site path written without its leading slash (`v0/introduction`) read from the site root, as Mintlify
 * reads it: a destination left relative would be resolved by the browser against the old page's folder.
 * URLs, query- or fragment-only and `./`/`../` destinations stay as written.
 */
export function rooted(path: string): string {
  return isUrl(path) || /^[/?#.]/.test(path) ? path : `/${path}`;
}

/**
 * A `.` or `..` path segment, written or percent-encoded (`%2e`), as a URL parser reads it: a backslash
 * (or `%5c`) separates segments too, as browsers read it in http URLs and Windows in file names.
 */
const DOT_SEGMENT = /(^|\/|\\|%5c)(\.|%2e){1,2}(?=\/|\\|%5c|$)/i;

/**
 * Whether a redirect's source can be used: a path starting with `/`, without `?` or `#` (§1.1), and
 * without a `.` or `..` segment, which a browser resolves before asking (so no request matches it) and
 * which would place the rule's static redirect page outside an exported bundle.
 */
export function isRedirectSource(source: string): boolean {
  return source.startsWith('/') && !/[?#]/.test(source) && !DOT_SEGMENT.test(source);
}

/**
 * A destination a reader may be sent to: a path, or a URL of a scheme that leaves for another site or
 * mail program. `javascript:`, `data:` or `file:` would run or open something in the site's (or, from a
 * bundle's redirect page, the reader's disk's) context; a browser ignores such a Location, a bundle's
 * redirect page would not.
 */
function isRedirectDestination(destination: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(destination.trim())?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/**
 * Redirect rules. Sources must be paths without `?` or `#` (§1.1); a rule breaking that is left out
 * and reported, as the site can still be served without it. A source or destination written without its
 * leading slash is a path from the site root (see `rooted`).
 */
export function siteRedirects(
  config: DocsConfig,
  configFile: string,
): { redirects: SiteRedirect[]; problems: SiteProblem[] } {
  const redirects: SiteRedirect[] = [];
  const problems: SiteProblem[] = [];
  (config.redirects ?? []).forEach((rule, i) => {
    const keyPath = `redirects[${i}].source`;
    const source = rooted(rule.source);
    if (!isRedirectSource(source)) {
      problems.push({
        code: 'invalid-redirect',
        file: configFile,
        keyPath,
        message: `"${rule.source}": a redirect source must be a path starting with /, without ? or # and without a . or .. segment`,
      });
      return;
    }
    if (!isRedirectDestination(rule.destination)) {
      problems.push({
        code: 'invalid-redirect',
        file: configFile,
        keyPath: `redirects[${i}].destination`,
        message: `"${rule.destination}": a redirect destination must be a path or an http(s) or mailto URL`,
      });
      return;
    }
    redirects.push({ source, destination: rooted(rule.destination), permanent: rule.permanent ?? true });
  });
  return { redirects, problems };
}
