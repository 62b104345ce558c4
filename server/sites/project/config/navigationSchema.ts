/**
 * The zod schema of the `navigation` object of `docs.json` (format reference §1.3): one recursive node
 * type for every division and group, the label check zod cannot express on it ({@link missingLabels}),
 * and the types derived from them. The root of the config is in schema.ts, the pieces both use in
 * primitives.ts.
 */
import { z } from 'zod';
import {
  BannerSchema,
  FooterSchema,
  IconSchema,
  LightDark,
  NavbarSchema,
  OpenApiSourceSchema,
  Unread,
} from './primitives.js';

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

/** A navigation node of the config (tab, group, ...). */
export type NavNodeConfig = z.output<typeof NavNodeSchema>;
/** The config's `navigation` object. */
export type NavigationConfig = z.output<typeof NavigationSchema>;
