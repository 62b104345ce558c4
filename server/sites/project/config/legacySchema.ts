/**
 * The zod schema of the legacy `mint.json` (format reference §1.6); loose, like the docs.json schema.
 * Keys Mintlify documents that the converter does not read are listed as `Unread`, so that the import
 * does not report them as unknown (config/unknownKeys.ts).
 */
import { z } from 'zod';

const Icon = z.string().optional();

/** A key Mintlify documents for mint.json that Offprint leaves alone: known, so not reported. */
const Unread = z.unknown().optional();

/** A `navigation[]` group of mint.json (nested groups have the same shape). */
export const LegacyGroupSchema = z.looseObject({
  group: z.string(),
  icon: Icon,
  iconType: z.string().optional(),
  version: z.string().optional(),
  public: Unread,
  get pages() {
    return z.array(z.union([z.string(), LegacyGroupSchema], { error: 'must be a page path string or a group object' }));
  },
});

const LinkSchema = z.looseObject({
  name: z.string().optional(),
  url: z.string(),
  type: z.string().optional(),
  style: Unread,
  arrow: Unread,
});

/** The parts of mint.json the converter reads. */
export const LegacyConfigSchema = z.looseObject({
  name: z.string(),
  theme: z.string().optional(),
  logo: z.unknown().optional(),
  favicon: z.string().optional(),
  colors: z.looseObject({
    primary: z.string(),
    light: z.string().optional(),
    dark: z.string().optional(),
    background: z.looseObject({ light: z.string().optional(), dark: z.string().optional() }).optional(),
    // One colour or {from, via?, to}: read leniently (legacyColors.ts), a bad value must not stop the site.
    anchors: z.unknown().optional(),
    ultraLight: Unread,
    ultraDark: Unread,
  }),
  navigation: z.array(LegacyGroupSchema),
  tabs: z
    .array(
      z.looseObject({
        name: z.string(),
        url: z.string(),
        isDefaultHidden: z.boolean().optional(),
        version: z.string().optional(),
        openapi: Unread,
      }),
    )
    .optional(),
  primaryTab: z.looseObject({ name: z.string() }).optional(),
  anchors: z
    .array(
      z.looseObject({
        name: z.string(),
        url: z.string(),
        icon: Icon,
        iconType: z.string().optional(),
        // As `colors.anchors`, which it overrides for this anchor.
        color: z.unknown().optional(),
        isDefaultHidden: z.boolean().optional(),
        version: z.string().optional(),
        openapi: Unread,
      }),
    )
    .optional(),
  topAnchor: z.looseObject({ name: z.string(), icon: Icon, iconType: z.string().optional() }).optional(),
  versions: z
    .array(
      z.union([
        z.string(),
        z.looseObject({ name: z.string(), default: z.boolean().optional(), url: Unread, locale: Unread }),
      ]),
    )
    .optional(),
  topbarLinks: z.array(LinkSchema).optional(),
  topbarCtaButton: LinkSchema.optional(),
  footerSocials: z
    .union([z.record(z.string(), z.string()), z.array(z.looseObject({ type: z.string(), url: z.string() }))])
    .optional(),
  footer: z
    .looseObject({
      socials: z.record(z.string(), z.string()).optional(),
      links: z
        .array(
          z.looseObject({
            title: z.string().optional(),
            links: z.array(z.looseObject({ label: z.string(), url: z.string() })),
          }),
        )
        .optional(),
    })
    .optional(),
  modeToggle: z
    .looseObject({ default: z.enum(['light', 'dark']).optional(), isHidden: z.boolean().optional() })
    .optional(),
  openapi: z
    .union([z.string(), z.array(z.string())], { error: 'must be a spec path or URL, or a list of them' })
    .optional(),
  api: z
    .looseObject({
      baseUrl: z.union([z.string(), z.array(z.string())], { error: 'must be a URL, or a list of URLs' }).optional(),
      auth: z.looseObject({}).optional(),
      playground: z.looseObject({ mode: z.string().optional(), disableProxy: z.boolean().optional() }).optional(),
      // `request.example.languages` is docs.json's `api.examples.languages` (legacy.ts).
      request: z
        .looseObject({
          example: z.looseObject({ languages: z.array(z.string()).optional(), showOptionalParams: Unread }).optional(),
        })
        .optional(),
      maintainOrder: Unread,
      paramFields: Unread,
    })
    .optional(),
  analytics: z.record(z.string(), z.unknown()).optional(),
  integrations: z.record(z.string(), z.unknown()).optional(),
  seo: z.looseObject({ indexHiddenPages: z.boolean().optional() }).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  font: z.unknown().optional(),
  backgroundImage: z.string().optional(),
  background: z.looseObject({ style: z.string().optional() }).optional(),
  codeBlock: z.looseObject({ mode: z.string().optional() }).optional(),
  hideFeedbackButtons: z.boolean().optional(),
  feedback: z
    .looseObject({
      thumbsRating: z.boolean().optional(),
      suggestEdit: z.boolean().optional(),
      raiseIssue: z.boolean().optional(),
    })
    .optional(),
  // Passed through to the converted docs.json, where `search.prompt` is read; `location` is not.
  search: z.looseObject({ prompt: Unread, location: Unread }).optional(),
  mintlify: Unread,
  layout: Unread,
  topbar: Unread,
  sidebar: Unread,
  rounded: Unread,
  eyebrow: Unread,
  isWhiteLabeled: Unread,
});

/** A validated mint.json. */
export type LegacyConfig = z.output<typeof LegacyConfigSchema>;
/** A mint.json `anchors[]` entry. */
export type LegacyAnchor = NonNullable<LegacyConfig['anchors']>[number];
/** A mint.json navigation group. */
export type LegacyGroup = z.output<typeof LegacyGroupSchema>;
