/**
 * Converts a legacy `mint.json` to the `docs.json` shape (format reference §1.6): key by key, with the
 * navigation (groups assigned to tabs and anchors by URL prefix) converted in legacyNavigation.ts.
 */
import { compact, type Json } from './jsonShape.js';
import { navigation, type GroupOrigins, type PageExists } from './legacyNavigation.js';
import type { LegacyConfig } from './legacySchema.js';

const KNOWN_THEMES = new Set(['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma']);

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
 * URLs name a page: a tab no group falls under links there, or is left out (see `tabLink` in
 * legacyNavigation.ts). `origins`, when given, learns the mint.json place of each converted group.
 */
export function convertMintJson(mint: LegacyConfig, pageExists: PageExists, origins?: GroupOrigins): Json {
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
    navigation: navigation(mint, pageExists, origins),
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
      examples: nonEmpty({ languages: api?.request?.example?.languages }),
    }),
    integrations: integrationsOf(mint),
    seo: nonEmpty({ indexing: seo?.indexHiddenPages === true ? 'all' : undefined, metatags: metadata }),
  });
}
