/**
 * The zod schemas that both the root of `docs.json` (schema.ts) and its navigation nodes
 * (navigationSchema.ts) are built from: icons, `openapi` sources, light/dark values and the banner, navbar
 * and footer a division may override. They live apart so the two schema files import them without
 * importing each other. Objects are loose, like every config schema here.
 */
import { z } from 'zod';

/** A key Mintlify documents that Offprint leaves alone: known, so not reported, and not looked into. */
export const Unread = z.unknown().optional();

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

/** A value per colour scheme: `{"light": ..., "dark": ...}`. */
export const LightDark = z.looseObject({ light: z.string().optional(), dark: z.string().optional() });

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

/** An `icon` value in the config or frontmatter. */
export type IconConfig = z.output<typeof IconSchema>;
/** An `openapi` value on a division. */
export type OpenApiSourceConfig = z.output<typeof OpenApiSourceSchema>;
