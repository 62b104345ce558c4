/**
 * The zod schema of `docs.json` (format reference §1.1, §1.3). Objects are loose: unknown keys are kept
 * and never an error, because Mintlify adds keys faster than any copy of its schema. Only keys the site
 * needs are typed. The config type is derived from the schema. Keys Mintlify documents that Offprint
 * does not read are listed as {@link Unread}: the schema is also the list of keys the import does not
 * report as unknown (config/unknownKeys.ts). The navigation nodes are in navigationSchema.ts, the
 * pieces both use in primitives.ts.
 */
import { z } from 'zod';
import { NavigationSchema } from './navigationSchema.js';
import { BannerSchema, FooterSchema, LightDark, NavbarSchema, OpenApiSourceSchema, Unread } from './primitives.js';

const HEX = /^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$/;

/** A hex color (`#abc` or `#aabbcc`). */
export const HexColor = z.string().regex(HEX, { error: 'must be a hex color such as #0D9373' });

const NonEmpty = z.string().min(1, { error: 'must not be empty' });

/**
 * `background`: page colour (one, or light/dark), image and decoration. Read leniently (see
 * `parseLenient`): a bad value is a site problem and its default, as the site can be served without it.
 */
export const BackgroundSchema = z.looseObject({
  color: z.union([z.string(), LightDark], { error: 'must be a colour or {"light": ..., "dark": ...}' }).optional(),
  image: z.union([z.string(), LightDark], { error: 'must be an image path or {"light": ..., "dark": ...}' }).optional(),
  decoration: z.string().optional(),
});

/** `styling.codeblocks` `theme`: one Shiki theme name for both modes, or one per mode. */
const CodeThemeSchema = z.union([NonEmpty, z.looseObject({ light: NonEmpty, dark: NonEmpty })]);

/**
 * `styling.codeblocks`: `"system"` (the default), `"dark"` (code blocks dark in light mode too), a Shiki
 * theme name, or `{theme, languages: {custom: [TextMate grammar paths]}}`. Read leniently, like
 * `background`: a bad value is a site problem and the default colours.
 */
export const CodeblocksSchema = z.union(
  [
    NonEmpty,
    z.looseObject({
      theme: CodeThemeSchema.optional(),
      languages: z.looseObject({ custom: z.array(z.string()).optional() }).optional(),
    }),
  ],
  {
    error:
      'must be "system", "dark", a Shiki theme name, or {"theme": name or {"light": name, "dark": name}, "languages": {"custom": [...]}}',
  },
);

/** `integrations.telemetry`: `enabled: false` turns reader feedback off. Read leniently, like `background`. */
export const TelemetrySchema = z.looseObject({ enabled: z.boolean().optional() });

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
/** `background` after lenient validation. */
export type BackgroundConfig = z.output<typeof BackgroundSchema>;
/** `styling.codeblocks` after validation. */
export type CodeblocksConfig = z.output<typeof CodeblocksSchema>;
/** `integrations.telemetry` after lenient validation. */
export type TelemetryConfig = z.output<typeof TelemetrySchema>;
