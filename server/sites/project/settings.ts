/** Site settings and redirects from a validated config, with the format's defaults applied (§1.1). */
import type { DocsConfig } from './config/schema.js';
import type { SiteProblem, SiteRedirect, SiteSettings, ThemedAsset } from './model.js';

function themed(value: string | { light: string; dark?: string | undefined } | undefined): ThemedAsset | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return { light: value, dark: value };
  return { light: value.light, dark: value.dark ?? value.light };
}

/** Normalised settings for the theme. */
export function siteSettings(config: DocsConfig): SiteSettings {
  const logo = themed(config.logo);
  const logoHref = typeof config.logo === 'object' ? config.logo.href : undefined;
  const favicon = themed(config.favicon);
  const notFound = config.errors?.['404'];
  const optional = {
    description: config.description,
    logo: logo === undefined ? undefined : { ...logo, ...(logoHref === undefined ? {} : { href: logoHref }) },
    favicon,
    navbar: config.navbar,
    footer: config.footer,
    banner: config.banner,
    integrations: config.integrations,
    search: config.search,
    seo: config.seo,
  };
  return {
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
    ...(Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)) as Partial<SiteSettings>),
  };
}

/**
 * Redirect rules. Sources must be paths without `?` or `#` (§1.1); a rule breaking that is left out
 * and reported, as the site can still be served without it.
 */
export function siteRedirects(
  config: DocsConfig,
  configFile: string,
): { redirects: SiteRedirect[]; problems: SiteProblem[] } {
  const redirects: SiteRedirect[] = [];
  const problems: SiteProblem[] = [];
  (config.redirects ?? []).forEach((rule, i) => {
    const keyPath = `redirects[${i}].source`;
    if (!rule.source.startsWith('/') || /[?#]/.test(rule.source)) {
      problems.push({
        code: 'invalid-redirect',
        file: configFile,
        keyPath,
        message: `"${rule.source}": a redirect source must be a path starting with / and without ? or #`,
      });
      return;
    }
    redirects.push({ source: rule.source, destination: rule.destination, permanent: rule.permanent ?? true });
  });
  return { redirects, problems };
}
