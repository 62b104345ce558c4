/**
 * The zod schema of `docs.json` (format reference §1.1, §1.3). Objects are loose: unknown keys are kept
 * and never an error, because Mintlify adds keys faster than any copy of its schema. Only keys the site
 * needs are typed. The config type is derived from the schema. Keys Mintlify documents that Offprint
 * does not read are listed as {@link Unread}: the schema is also the list of keys the import does not
 * report as unknown (config/unknownKeys.ts).
 */
import { z } from 'zod';

/** A key Mintlify documents that Offprint leaves alone: known, so not reported, and not looked into. */
const Unread = z.unknown().optional();

const HEX = /^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$/;

/** A hex color (`#abc` or `#aabbcc`). */
export const HexColor = z.string().regex(HEX, { error: 'must be a hex color such as #0D9373' });

const NonEmpty = z.string().min(1, { error: 'must not be empty' });

/** `icon`: a library icon name, URL or project path, or `{name, style?, library?}`. */
export const IconSchema = z.union(
  [z.string(), z.looseObject({ name: z.string(), style: z.string().optional(), library: z.string().optional() })],
  {
    error: 'must be an icon name or {"name": ...}',
  },
);

/** `openapi` on a division: a spec path/URL, several, or `{source, directory?}`. */
export const OpenApiSourceSchema = z.union(
  [
    z.string(),
    z.array(z.string()),
    z.looseObject({ source: z.string(), directory: z.string().optional(), overlays: Unread }),
  ],
  { error: 'must be a spec path, an array of spec paths, or {"source": ..., "directory": ...}' },
);

const LightDark = z.looseObject({ light: z.string().optional(), dark: z.string().optional() });

/**
 * `background`: page colour (one, or light/dark), image and decoration. Read leniently (see
 * `parseLenient`): a bad value is a site problem and its default, as the site can be served without it.
 */
export const BackgroundSchema = z.looseObject({
  color: z.union([z.string(), LightDark], { error: 'must be a colour or {"light": ..., "dark": ...}' }).optional(),
  image: z.union([z.string(), LightDark], { error: 'must be an image path or {"light": ..., "dark": ...}' }).optional(),
  decoration: z.string().optional(),
});

/** `integrations.telemetry`: `enabled: false` turns reader feedback off. Read leniently, like `background`. */
export const TelemetrySchema = z.looseObject({ enabled: z.boolean().optional() });

/** Per-site (and per-language) banner. */
export const BannerSchema = z.looseObject({
  content: z.string(),
  dismissible: z.boolean().optional(),
  type: z.string().optional(),
  color: z.union([z.string(), LightDark]).optional(),
});

/** Top navigation bar. */
export const NavbarSchema = z.looseObject({
  links: z
    .array(
      z.looseObject({
        type: z.string().optional(),
        label: z.string().optional(),
        href: z.string(),
        icon: IconSchema.optional(),
      }),
    )
    .optional(),
  primary: z.looseObject({ type: z.string(), label: z.string().optional(), href: z.string() }).optional(),
});

/** Footer socials and link columns. */
export const FooterSchema = z.looseObject({
  socials: z.record(z.string(), z.string()).optional(),
  links: z
    .array(
      z.looseObject({
        header: z.string().optional(),
        items: z.array(z.looseObject({ label: z.string(), href: z.string() })),
      }),
    )
    .optional(),
});

const PAGE_ENTRY_ERROR = 'must be a page path string or a group object';

/**
 * One navigation node: a tab, anchor, dropdown, product, version, language, menu item or group. Every
 * division may hold any other (§1.3). Which label key a node needs depends on the array it sits in
 * (`tab` in `tabs[]`, ...); zod cannot infer recursive types through refinements, so that check is
 * {@link missingLabels}. Fields are written out (not spread from a shared object) for the same reason.
 */
export const NavNodeSchema = z.looseObject({
  tab: z.string().optional(),
  anchor: z.string().optional(),
  dropdown: z.string().optional(),
  product: z.string().optional(),
  version: z.string().optional(),
  language: z.string().optional(),
  item: z.string().optional(),
  group: z.string().optional(),
  icon: IconSchema.optional(),
  iconType: z.string().optional(),
  href: z.string().optional(),
  hidden: z.boolean().optional(),
  searchable: z.boolean().optional(),
  description: z.string().optional(),
  tag: z.string().optional(),
  default: z.boolean().optional(),
  color: LightDark.optional(),
  root: z.string().optional(),
  expanded: z.boolean().optional(),
  directory: z.string().optional(),
  boost: z.number().optional(),
  openapi: OpenApiSourceSchema.optional(),
  asyncapi: OpenApiSourceSchema.optional(),
  banner: BannerSchema.optional(),
  navbar: NavbarSchema.optional(),
  footer: FooterSchema.optional(),
  graphql: Unread,
  sdk: Unread,
  name: Unread,
  align: Unread,
  public: Unread,
  get pages() {
    return z.array(z.union([z.string(), NavNodeSchema], { error: PAGE_ENTRY_ERROR })).optional();
  },
  get groups() {
    return z.array(NavNodeSchema).optional();
  },
  get tabs() {
    return z.array(NavNodeSchema).optional();
  },
  get anchors() {
    return z.array(NavNodeSchema).optional();
  },
  get dropdowns() {
    return z.array(NavNodeSchema).optional();
  },
  get products() {
    return z.array(NavNodeSchema).optional();
  },
  get versions() {
    return z.array(NavNodeSchema).optional();
  },
  get languages() {
    return z.array(NavNodeSchema).optional();
  },
  get menu() {
    return z.array(NavNodeSchema).optional();
  },
  // Links shown on every page under the division (or, on `navigation`, on every page): Mintlify allows
  // `global` on each division, and real configs write it per language (crewAI, firecrawl).
  get global() {
    return z
      .looseObject({
        tabs: z.array(NavNodeSchema).optional(),
        anchors: z.array(NavNodeSchema).optional(),
        dropdowns: z.array(NavNodeSchema).optional(),
        languages: z.array(NavNodeSchema).optional(),
        versions: z.array(NavNodeSchema).optional(),
        products: z.array(NavNodeSchema).optional(),
      })
      .optional();
  },
});

/** Division array keys and the label key their items need. */
export const DIVISION_LABELS = {
  groups: 'group',
  tabs: 'tab',
  anchors: 'anchor',
  dropdowns: 'dropdown',
  products: 'product',
  versions: 'version',
  languages: 'language',
  menu: 'item',
} as const;

/** A problem found in a config value, with the path of the offending key. */
export interface ConfigIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Division items without their label (`{"groups": [{"pages": [...]}]}`): the check zod cannot express
 * on the recursive schema. `global` objects are not walked: their items are links.
 */
export function missingLabels(node: NavNodeConfig, path: readonly PropertyKey[]): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const [arrayKey, labelKey] of Object.entries(DIVISION_LABELS)) {
    const children = node[arrayKey as keyof typeof DIVISION_LABELS];
    children?.forEach((child, i) => {
      if (typeof child[labelKey] !== 'string') {
        const what = arrayKey === 'menu' ? 'menu item' : arrayKey.slice(0, -1);
        issues.push({
          path: [...path, arrayKey, i, labelKey],
          message: `is required: each ${what} needs a "${labelKey}" label`,
        });
      }
      issues.push(...missingLabels(child, [...path, arrayKey, i]));
    });
  }
  node.pages?.forEach((entry, i) => {
    if (typeof entry === 'string') return;
    if (typeof entry.group !== 'string') {
      issues.push({
        path: [...path, 'pages', i, 'group'],
        message: 'is required: a group object in "pages" needs a "group" label',
      });
    }
    issues.push(...missingLabels(entry, [...path, 'pages', i]));
  });
  return issues;
}

/** The `navigation` object: one root division, its `global` links shown on every page. */
export const NavigationSchema = NavNodeSchema;

/** One redirect rule. */
export const RedirectSchema = z.looseObject({
  source: NonEmpty,
  destination: NonEmpty,
  permanent: z.boolean().optional(),
});

const Loose = z.looseObject({});

/** The whole `docs.json`. */
export const DocsConfigSchema = z.looseObject({
  $schema: z.string().optional(),
  public: Unread,
  variations: Unread,
  name: NonEmpty,
  theme: NonEmpty,
  description: z.string().optional(),
  colors: z.looseObject({ primary: HexColor, light: HexColor.optional(), dark: HexColor.optional() }),
  logo: z
    .union([z.string(), z.looseObject({ light: z.string(), dark: z.string().optional(), href: z.string().optional() })])
    .optional(),
  favicon: z.union([z.string(), z.looseObject({ light: z.string(), dark: z.string().optional() })]).optional(),
  appearance: z
    .looseObject({ default: z.enum(['system', 'light', 'dark']).optional(), strict: z.boolean().optional() })
    .optional(),
  icons: z.looseObject({ library: z.enum(['fontawesome', 'lucide', 'tabler']).optional() }).optional(),
  navigation: NavigationSchema,
  navbar: NavbarSchema.optional(),
  footer: FooterSchema.optional(),
  banner: BannerSchema.optional(),
  redirects: z.array(RedirectSchema).optional(),
  errors: z
    .looseObject({
      '404': z
        .looseObject({
          redirect: z.boolean().optional(),
          title: z.string().optional(),
          description: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  variables: z.record(z.string(), z.string()).optional(),
  seo: z
    .looseObject({
      indexing: z.enum(['navigable', 'all']).optional(),
      metatags: z.record(z.string(), z.string()).optional(),
      paths: Unread,
      organization: Unread,
      trailingSlash: Unread,
    })
    .optional(),
  search: z.looseObject({ prompt: z.string().optional() }).optional(),
  integrations: z.record(z.string(), Loose).optional(),
  api: z
    .looseObject({
      openapi: OpenApiSourceSchema.optional(),
      // Read by the endpoint pages' samples, leniently (theme/endpoint/snippets.ts).
      examples: Unread,
      asyncapi: Unread,
      params: Unread,
      playground: Unread,
      url: Unread,
      mdx: Unread,
    })
    .optional(),
  fonts: Loose.optional(),
  // Checked leniently when settings are derived (BackgroundSchema): a bad value must not stop the site.
  background: z.unknown().optional(),
  styling: Loose.optional(),
  thumbnails: Loose.optional(),
  interaction: Loose.optional(),
  contextual: Loose.optional(),
  metadata: Loose.optional(),
  markdown: Loose.optional(),
});

/** A validated `docs.json` (unknown keys preserved). */
export type DocsConfig = z.output<typeof DocsConfigSchema>;
/** A navigation node of the config (tab, group, ...). */
export type NavNodeConfig = z.output<typeof NavNodeSchema>;
/** The config's `navigation` object. */
export type NavigationConfig = z.output<typeof NavigationSchema>;
/** `background` after lenient validation. */
export type BackgroundConfig = z.output<typeof BackgroundSchema>;
/** `integrations.telemetry` after lenient validation. */
export type TelemetryConfig = z.output<typeof TelemetrySchema>;
/** An `icon` value in the config or frontmatter. */
export type IconConfig = z.output<typeof IconSchema>;
/** An `openapi` value on a division. */
export type OpenApiSourceConfig = z.output<typeof OpenApiSourceSchema>;
