/**
 * Converts a legacy `mint.json` to the `docs.json` shape (format reference §1.6). mint.json assigns
 * groups to tabs and anchors by URL prefix; docs.json lists membership explicitly, so the converter puts
 * each top-level group under the tab (or anchor) whose `url` prefixes the group's first page, and the
 * rest under the primary tab/anchor. `version` on groups/tabs/anchors filters them per version.
 */
import type { LegacyAnchor, LegacyConfig, LegacyGroup } from './legacySchema.js';

type Json = Record<string, unknown>;

const KNOWN_THEMES = new Set(['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma']);

function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

function trimSlashes(url: string): string {
  return url.replace(/^\/+|\/+$/g, '');
}

function icon(name: string | undefined, style: string | undefined): unknown {
  if (name === undefined) return undefined;
  return style === undefined ? name : { name, style };
}

/** Drops keys whose value is undefined, so the result validates under exactOptionalPropertyTypes rules. */
function compact(obj: Json): Json {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));
}

/** Returns undefined for an object left without keys, so no empty sections appear in the output. */
function nonEmpty(obj: Json): Json | undefined {
  const out = compact(obj);
  return Object.keys(out).length > 0 ? out : undefined;
}

const CONVERTED_KEYS = [
  'name',
  'theme',
  'logo',
  'favicon',
  'colors',
  'modeToggle',
  'topbarLinks',
  'topbarCtaButton',
  'footer',
  'openapi',
  'api',
  'analytics',
  'integrations',
  'seo',
  'metadata',
  'font',
  'backgroundImage',
  'background',
  'codeBlock',
  'navigation',
  'tabs',
  'anchors',
  'topAnchor',
  'primaryTab',
  'versions',
  'footerSocials',
  'hideFeedbackButtons',
  'feedback',
  '$schema',
] as const;

function convertGroup(group: LegacyGroup): Json {
  return compact({
    group: group.group,
    icon: icon(group.icon, group.iconType),
    pages: group.pages.map((p) => (typeof p === 'string' ? p : convertGroup(p))),
  });
}

function firstPage(group: LegacyGroup): string | undefined {
  for (const p of group.pages) {
    const found = typeof p === 'string' ? p : firstPage(p);
    if (found !== undefined) return trimSlashes(found);
  }
  return undefined;
}

function underPrefix(page: string | undefined, url: string): boolean {
  const prefix = trimSlashes(url);
  return page !== undefined && prefix !== '' && (page === prefix || page.startsWith(`${prefix}/`));
}

function inVersion(item: { version?: string | undefined }, version: string | undefined): boolean {
  return version === undefined || item.version === undefined || item.version === version;
}

/** Whether a project-relative page path (`guides/intro`, `index`) has a page file. */
export type PageExists = (path: string) => boolean;

type Owner = { url: string };

/**
 * The `url` of the owner (tab or anchor) whose prefix the group's first page starts with. The longest
 * prefix wins, as a more specific section is what the author meant.
 */
function ownerUrl(owners: readonly Owner[], group: LegacyGroup): string | undefined {
  return owners
    .filter((o) => underPrefix(firstPage(group), o.url))
    .sort((a, b) => trimSlashes(b.url).length - trimSlashes(a.url).length)[0]?.url;
}

/**
 * A tab that holds no group, as a link: an external URL as it is, a page path to that page. Undefined
 * for a prefix naming no page (a folder nothing was put under), as a tab leading nowhere is worse than none.
 */
function tabLink(tab: { name: string; url: string }, pageExists: PageExists): Json | undefined {
  if (isExternal(tab.url)) return { tab: tab.name, href: tab.url };
  const path = trimSlashes(tab.url);
  return pageExists(path === '' ? 'index' : path) ? { tab: tab.name, href: `/${path}` } : undefined;
}

/** The navigation content (tabs, anchors or groups) for one version (or all, when `version` is undefined). */
function content(
  mint: LegacyConfig,
  version: string | undefined,
  pageExists: PageExists,
): { body: Json; global: Json } {
  const groups = mint.navigation.filter((g) => inVersion(g, version));
  const tabs = (mint.tabs ?? []).filter((t) => inVersion(t, version));
  const anchors = (mint.anchors ?? []).filter((a) => inVersion(a, version));
  const prefixTabs = tabs.filter((t) => !isExternal(t.url));
  // Only a tab some group falls under is a section; the others (external, or a prefix no page starts
  // with) are links where the config lists them.
  const sectionTabs = prefixTabs.filter((t) => groups.some((g) => ownerUrl(prefixTabs, g) === t.url));
  const linkTabs = tabs.filter((t) => !sectionTabs.includes(t)).flatMap((t) => tabLink(t, pageExists) ?? []);
  const claims = (url: string): LegacyGroup[] => groups.filter((g) => underPrefix(firstPage(g), url));
  const prefixAnchors =
    sectionTabs.length > 0 ? [] : anchors.filter((a) => !isExternal(a.url) && claims(a.url).length > 0);
  const linkAnchor = (a: LegacyAnchor): Json =>
    compact({
      anchor: a.name,
      href: isExternal(a.url) ? a.url : `/${trimSlashes(a.url)}`,
      icon: icon(a.icon, a.iconType),
    });
  // Links go with the anchor sections when there are any (below), so they keep their place among them.
  const linkAnchors = prefixAnchors.length > 0 ? [] : anchors.map(linkAnchor);
  const global = compact({
    anchors: linkAnchors.length > 0 ? linkAnchors : undefined,
    tabs: sectionTabs.length === 0 && linkTabs.length > 0 ? linkTabs : undefined,
  });

  const owners = [...sectionTabs, ...prefixAnchors];
  const ownerOf = (g: LegacyGroup): string | undefined => ownerUrl(owners, g);
  const unclaimed = groups.filter((g) => ownerOf(g) === undefined).map(convertGroup);
  const of = (url: string): Json[] => groups.filter((g) => ownerOf(g) === url).map(convertGroup);

  if (sectionTabs.length > 0) {
    const primary = unclaimed.length > 0 ? [{ tab: mint.primaryTab?.name ?? 'Documentation', groups: unclaimed }] : [];
    // Config order, links included: the author placed each tab.
    const rest = tabs.flatMap((t) =>
      sectionTabs.includes(t)
        ? [compact({ tab: t.name, hidden: t.isDefaultHidden, groups: of(t.url) })]
        : (tabLink(t, pageExists) ?? []),
    );
    return { body: { tabs: [...primary, ...rest] }, global };
  }
  if (prefixAnchors.length > 0) {
    const top = mint.topAnchor;
    const primary =
      unclaimed.length > 0
        ? [compact({ anchor: top?.name ?? 'Documentation', icon: icon(top?.icon, top?.iconType), groups: unclaimed })]
        : [];
    // Config order, links included: the author placed each anchor.
    const rest = anchors.map((a) =>
      prefixAnchors.includes(a)
        ? compact({
            anchor: a.name,
            icon: icon(a.icon, a.iconType),
            hidden: a.isDefaultHidden,
            color: typeof a.color === 'string' ? { light: a.color, dark: a.color } : undefined,
            groups: of(a.url),
          })
        : linkAnchor(a),
    );
    return { body: { anchors: [...primary, ...rest] }, global };
  }
  return { body: { groups: unclaimed }, global };
}

function navigation(mint: LegacyConfig, pageExists: PageExists): Json {
  const versions = (mint.versions ?? []).map((v) => (typeof v === 'string' ? { name: v } : v));
  if (versions.length === 0) {
    const { body, global } = content(mint, undefined, pageExists);
    return Object.keys(global).length > 0 ? { ...body, global } : body;
  }
  let global: Json = {};
  const sections = versions.map((v) => {
    const built = content(mint, v.name, pageExists);
    global = { ...global, ...built.global };
    return compact({ version: v.name, default: v.default, ...built.body });
  });
  return Object.keys(global).length > 0 ? { versions: sections, global } : { versions: sections };
}

function socials(mint: LegacyConfig): Json | undefined {
  const legacy = mint.footerSocials;
  if (Array.isArray(legacy)) return Object.fromEntries(legacy.map((s) => [s.type, s.url]));
  return legacy ?? mint.footer?.socials;
}

/**
 * `integrations` with `telemetry.enabled: false` when mint.json turns the page rating off, as docs.json
 * does (settings.ts reads it for the theme, the feedback endpoints and the agent instructions). The
 * reader feedback widget is a page rating ("Was this page helpful?"), so `feedback.thumbsRating` decides
 * when a `feedback` object is written (Mintlify shows a rating only when it is true) and
 * `hideFeedbackButtons: true` hides it whatever else says. `suggestEdit` and `raiseIssue` link to the
 * project's Git host, which an offline copy has no part in; they change nothing.
 */
function integrationsOf(mint: LegacyConfig): Json | undefined {
  const { analytics, integrations, feedback, hideFeedbackButtons } = mint;
  const legacyIntegrations = Object.fromEntries(
    Object.entries(integrations ?? {}).map(([key, value]) => {
      if (typeof value !== 'string') return [key, value];
      return [key, key === 'frontchat' ? { snippetId: value } : { appId: value }];
    }),
  );
  const ratingOff = hideFeedbackButtons === true || (feedback !== undefined && feedback.thumbsRating !== true);
  const telemetry = legacyIntegrations['telemetry'];
  const off = ratingOff
    ? { telemetry: { ...(typeof telemetry === 'object' ? telemetry : {}), enabled: false } }
    : undefined;
  if (analytics === undefined && integrations === undefined && off === undefined) return undefined;
  return { ...analytics, ...legacyIntegrations, ...off };
}

function playgroundDisplay(mode: string | undefined): string | undefined {
  if (mode === 'show') return 'interactive';
  if (mode === 'hide') return 'none';
  return mode;
}

/**
 * Converts a validated mint.json into an object to validate as docs.json. `pageExists` says which tab
 * URLs name a page: a tab no group falls under links there, or is left out (see `tabLink`).
 */
export function convertMintJson(mint: LegacyConfig, pageExists: PageExists): Json {
  const { name, theme, logo, favicon, colors, modeToggle, topbarLinks, topbarCtaButton, footer, openapi } = mint;
  const { api, seo, metadata, font, backgroundImage, background, codeBlock } = mint;
  // Unknown keys pass through (the docs.json schema tolerates them); converted ones must not.
  const rest: Json = { ...mint };
  for (const key of CONVERTED_KEYS) delete rest[key];
  return compact({
    ...rest,
    $schema: 'https://mintlify.com/docs.json',
    name,
    theme: theme !== undefined && KNOWN_THEMES.has(theme) ? theme : 'mint',
    logo,
    favicon,
    colors: compact({ primary: colors.primary, light: colors.light, dark: colors.dark }),
    background: nonEmpty({
      color: colors.background,
      image: backgroundImage,
      decoration: background?.style,
    }),
    appearance:
      modeToggle === undefined ? undefined : compact({ default: modeToggle.default, strict: modeToggle.isHidden }),
    fonts: font,
    styling: codeBlock?.mode === undefined ? undefined : { codeblocks: codeBlock.mode === 'dark' ? 'dark' : 'system' },
    navigation: navigation(mint, pageExists),
    navbar: nonEmpty({
      links: topbarLinks?.map((l) => compact({ type: l.type, label: l.name ?? l.type ?? l.url, href: l.url })),
      primary:
        topbarCtaButton === undefined
          ? undefined
          : compact({
              type: topbarCtaButton.type === 'github' ? 'github' : 'button',
              // A GitHub button without a name is labelled by the theme, as docs.json's is (not by its URL).
              label: topbarCtaButton.name ?? (topbarCtaButton.type === 'github' ? undefined : topbarCtaButton.url),
              href: topbarCtaButton.url,
            }),
    }),
    footer: nonEmpty({
      socials: socials(mint),
      links: footer?.links?.map((col) =>
        compact({ header: col.title, items: col.links.map((l) => ({ label: l.label, href: l.url })) }),
      ),
    }),
    api: nonEmpty({
      openapi,
      playground:
        api?.playground === undefined
          ? undefined
          : compact({
              display: playgroundDisplay(api.playground.mode),
              proxy: api.playground.disableProxy === true ? false : undefined,
            }),
      mdx: api === undefined ? undefined : compact({ server: api.baseUrl, auth: api.auth }),
    }),
    integrations: integrationsOf(mint),
    seo: nonEmpty({ indexing: seo?.indexHiddenPages === true ? 'all' : undefined, metatags: metadata }),
  });
}
