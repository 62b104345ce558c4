/**
 * The in-memory model of one Mintlify-format docs project: what the theme, the renderer and the site
 * server code against. Built by {@link loadSiteProject}; every path in it is relative to `rootDir` and uses
 * `/` separators, so a model can be moved with its folder by replacing `rootDir` only.
 *
 * Identifiers used throughout:
 * - a *page path* is a project-relative file path without extension and without a leading slash
 *   (`guides/setup`, `index`); it is the key of {@link SiteModel.pages};
 * - a page *URL* is `'/' + page path`, except the root `index` page whose URL is `/`;
 * - a *key path* names a place in the (`$ref`-resolved) config, e.g. `navigation.tabs[2].groups[0]`.
 */
import type { DocsConfig } from './config/schema.js';
import type { Frontmatter } from './pages/frontmatter.js';
import type { PackedAsset } from './remote.js';
import type { SiteSettings } from './settingsModel.js';

export type { DocsConfig } from './config/schema.js';
export { loadSiteProject } from './load.js';

/** An icon as written in the config or frontmatter: a library name, a URL or a project path. */
export interface IconRef {
  readonly name: string;
  /** Font Awesome style (`solid`, `regular`, `brands`, ...), when given. */
  readonly style?: string;
  /** Library override (`fontawesome`, `lucide`, `tabler`) for this icon only, when given. */
  readonly library?: string;
}

/** The kinds of navigation divisions that act as sections (everything except groups and pages). */
export type NavDivision = 'tab' | 'anchor' | 'dropdown' | 'product' | 'version' | 'language' | 'menu';

/** A link in the navigation that leaves the page set (external URL, or an internal path such as `/changelog`). */
export interface NavLink {
  readonly kind: 'link';
  readonly id: string;
  readonly label: string;
  readonly href: string;
  readonly icon?: IconRef;
}

/** A reference from the navigation to a page of {@link SiteModel.pages} (always an existing page). */
export interface NavPageRef {
  readonly kind: 'page';
  /** Key path of the reference, e.g. `navigation.tabs[0].groups[1].pages[3]`. */
  readonly id: string;
  /** The page path (key of {@link SiteModel.pages}). */
  readonly page: string;
}

/** A sidebar group. */
export interface NavGroup {
  readonly kind: 'group';
  readonly id: string;
  readonly label: string;
  readonly icon?: IconRef;
  readonly tag?: string;
  /** Page opened by clicking the group title (an existing page path). */
  readonly root?: string;
  /** Nested groups only: open by default. */
  readonly expanded: boolean;
  /** Hidden from the sidebar (its pages are still built). */
  readonly hidden: boolean;
  /** `directory` display of the group's pages (`none`, `accordion`, `card`), inherited from ancestors. */
  readonly directory?: string;
  /** Search boost for descendants, inherited from ancestors. */
  readonly boost?: number;
  readonly items: readonly NavItem[];
}

/** What a sidebar (or a group) lists. */
export type NavItem = NavGroup | NavPageRef | NavLink;

/**
 * A tab, anchor, dropdown, product, version, language or tab/product menu item. Link-only sections have
 * `href` and nothing in `sections`/`items`. A section holds child sections of one division kind (e.g. a
 * version holding tabs) and/or sidebar items.
 */
export interface NavSection {
  readonly kind: 'section';
  readonly division: NavDivision;
  readonly id: string;
  /** The label (for languages: the language code, e.g. `fr`). */
  readonly label: string;
  readonly icon?: IconRef;
  readonly href?: string;
  readonly hidden: boolean;
  /** Hidden section whose pages are still searchable (`searchable: true`). */
  readonly searchable?: boolean;
  readonly description?: string;
  /** Badge (versions) such as `Latest`. */
  readonly tag?: string;
  /** Versions/languages: the one shown by default. */
  readonly default?: boolean;
  /** Anchors: accent color. */
  readonly color?: { readonly light?: string; readonly dark?: string };
  /** Languages: per-language overrides of the site banner, navbar and footer. */
  readonly banner?: DocsConfig['banner'];
  readonly navbar?: DocsConfig['navbar'];
  readonly footer?: DocsConfig['footer'];
  /**
   * The division's own `global` links (a language's anchors, ...), shown on every page under it as
   * {@link NavRoot.global}'s are on every page; absent when it has none.
   */
  readonly global?: readonly NavSection[];
  readonly sections: readonly NavSection[];
  readonly items: readonly NavItem[];
}

/** The normalised navigation. The root holds sections (tabs, languages, ...) or sidebar items directly. */
export interface NavRoot {
  readonly sections: readonly NavSection[];
  readonly items: readonly NavItem[];
  /** `navigation.global`: link sections shown on every page (global tabs, anchors, ...). */
  readonly global: readonly NavSection[];
}

/** HTTP methods an OpenAPI path item can hold. */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** One operation (or 3.1 webhook) of an OpenAPI document found in the project. */
export interface OpenApiOperation {
  /** `"<spec file> <METHOD> <path>"` (webhooks: `"<spec file> webhook <name>"`): unique in the model. */
  readonly key: string;
  /** Project-relative file of the spec. */
  readonly spec: string;
  readonly kind: 'operation' | 'webhook';
  readonly method: HttpMethod;
  /** The path template (`/users/{id}`); for webhooks, the webhook name. */
  readonly path: string;
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly deprecated: boolean;
  /** `x-hidden`: page built, left out of generated navigation. */
  readonly hidden: boolean;
  /** The raw operation object (internal `$ref`s unresolved; resolve them against the spec's `document`). */
  readonly operation: Readonly<Record<string, unknown>>;
  /** The raw path item (shared `parameters`, `servers`). */
  readonly pathItem: Readonly<Record<string, unknown>>;
}

/** A parsed OpenAPI (3.x, or Swagger 2.0) document in the project. */
export interface OpenApiSpec {
  readonly file: string;
  /** The `openapi` (or `swagger`) version string. */
  readonly version: string;
  readonly title?: string;
  readonly document: Readonly<Record<string, unknown>>;
  /** Operations and webhooks, minus `x-excluded` ones, in document order. */
  readonly operations: readonly OpenApiOperation[];
}

/** One page of the site: an `.mdx`/`.md` file, or an endpoint page generated from an OpenAPI operation. */
export interface SitePage {
  readonly path: string;
  readonly url: string;
  /** Project-relative file (`guides/setup.mdx`); null for generated endpoint pages. */
  readonly file: string | null;
  /** The day the page's file last changed (`YYYY-MM-DD`, UTC); absent for generated pages. */
  readonly lastModified?: string;
  readonly format: 'mdx' | 'md' | 'openapi';
  /** Parsed frontmatter (generated pages: synthesized `title`, `description`, `deprecated`, `openapi`). */
  readonly frontmatter: Frontmatter;
  /** Frontmatter `title`, else derived from the file name (`getting_started-guide` -> `Getting started guide`). */
  readonly title: string;
  /** Nav label: `sidebarTitle`, else `title`. */
  readonly sidebarTitle: string;
  readonly description?: string;
  readonly icon?: IconRef;
  readonly tag?: string;
  /** Frontmatter `mode` (`wide`, `custom`, `frame`, `center`, ...); absent = default layout. */
  readonly mode?: string;
  /** Frontmatter `url`: the nav entry is a link to this URL instead of the page. */
  readonly externalUrl?: string;
  readonly keywords: readonly string[];
  /** Search boost: frontmatter `boost`, else inherited from navigation groups. */
  readonly boost?: number;
  /** Referenced somewhere in the navigation tree (including hidden tabs/groups). */
  readonly inNavigation: boolean;
  /** Frontmatter `hidden: true`. */
  readonly hidden: boolean;
  /** Frontmatter `noindex: true` or `hidden: true`: emit a noindex meta tag. */
  readonly noindex: boolean;
  /** Listed in sitemap, search index and llms.txt (rules of the format reference §2 / §9). */
  readonly indexed: boolean;
  /** In the in-site search index: `indexed` and frontmatter `searchable` is not false. */
  readonly searchable: boolean;
  /** The bound OpenAPI operation (frontmatter `openapi:` or a generated endpoint page), when found. */
  readonly operation?: OpenApiOperation;
}

/** A redirect from `docs.json` (`:param*` and trailing `*` wildcards are kept as written). */
export interface SiteRedirect {
  readonly source: string;
  readonly destination: string;
  /** 308 when true (the default), 307 when false. */
  readonly permanent: boolean;
}

/** Something wrong with the project that does not stop it from being served. */
export interface SiteProblem {
  readonly code:
    | 'missing-page'
    | 'broken-link'
    | 'missing-snippet'
    | 'missing-asset'
    | 'missing-operation'
    | 'missing-spec'
    | 'remote-spec'
    | 'remote-asset'
    | 'invalid-spec'
    | 'invalid-frontmatter'
    | 'invalid-redirect'
    | 'invalid-config'
    | 'unsupported-config'
    | 'unknown-icon'
    // A component no built-in or snippet defines: its content is shown without it.
    | 'unknown-component'
    // A project component threw while rendering: the page shows nothing in its place.
    | 'component-failed'
    // A config key Offprint does not know (a typo, a newer or unofficial key): a notice, the key is ignored.
    | 'unknown-config'
    // A page whose URL a redirect matches: readers are sent on and never see it.
    | 'shadowed-page'
    // A `{` in a page's text opens no valid expression: the page renders with the brace shown as text.
    | 'mdx-syntax'
    | 'render-failed';
  /** Project-relative file the problem is in (`docs.json` for navigation problems). */
  readonly file: string;
  /** Config key path, for problems in the config. */
  readonly keyPath?: string;
  readonly message: string;
  /**
   * Set on a summary entry of a capped list ("and 1,490 more broken links in this file"): the entry stands
   * for this many problems, which totals count (server/domain/siteProblems.ts); absent, it stands for one.
   */
  readonly count?: number;
}

/** Totals of a load, for import summaries and benchmarks. */
export interface SiteCounts {
  /** All pages (files + generated endpoint pages). */
  readonly pages: number;
  /** Pages from `.mdx`/`.md` files. */
  readonly filePages: number;
  readonly generatedPages: number;
  /** Distinct pages referenced by the navigation. */
  readonly navPages: number;
  /** File pages reachable by URL only. */
  readonly outOfNavPages: number;
  /** Files under `snippets/` and `_snippets/`. */
  readonly snippets: number;
  readonly specs: number;
  readonly operations: number;
  readonly redirects: number;
}

/** A loaded docs project. */
export interface SiteModel {
  /** Absolute folder the project was read from. */
  readonly rootDir: string;
  /** The file the config came from. */
  readonly configFile: 'docs.json' | 'mint.json';
  /** The validated config, `$ref`s spliced in (a `mint.json` converted to the `docs.json` shape). */
  readonly config: DocsConfig;
  readonly settings: SiteSettings;
  readonly navigation: NavRoot;
  /** Every page by page path. Iteration order: file pages sorted by path, then generated pages. */
  readonly pages: ReadonlyMap<string, SitePage>;
  /** Page paths in navigation order (first occurrence), for previous/next links. */
  readonly navOrder: readonly string[];
  readonly redirects: readonly SiteRedirect[];
  /** OpenAPI documents by project-relative file. */
  readonly specs: ReadonlyMap<string, OpenApiSpec>;
  /**
   * Copies of remote assets `offprint pack` stored in the project, by URL as the project writes it
   * (server/sites/project/remote.ts); empty for a project that was not packed.
   */
  readonly remoteAssets: ReadonlyMap<string, PackedAsset>;
  /**
   * The project's own stylesheets (every `.css` file, root-relative, sorted): like Mintlify, every page
   * loads them, after the theme's, so a project's classes and overrides apply.
   */
  readonly stylesheets: readonly string[];
  /** The class names pages and snippets write (classNames.ts): the theme styles Tailwind's utilities among them. */
  readonly classNames: readonly string[];
  /** A page defines a React component that could run in the browser (scripts.ts): project code to allow or not. */
  readonly interactiveComponents: boolean;
  readonly problems: readonly SiteProblem[];
  readonly counts: SiteCounts;
}
