/**
 * The site-wide settings of a loaded docs project (`SiteModel.settings`, model.ts): the config's theme-facing
 * keys normalised with defaults applied, and the types only they use.
 */
import type { CodeThemeModes } from '../render/code/themeNames.js';
import type { BackgroundConfig, DocsConfig } from './config/schema.js';

/** Light/dark pair of project paths or URLs. */
export interface ThemedAsset {
  readonly light: string;
  readonly dark: string;
}

/** A page action of docs.json `contextual.options`, in config order (the first is the menu's button). */
export type ContextualItem =
  | { readonly kind: 'copy' }
  | { readonly kind: 'view' }
  | { readonly kind: 'link'; readonly title: string; readonly description?: string; readonly href: string };

/** Site-wide settings the theme needs, normalised with defaults applied. The full config stays in `config`. */
export interface SiteSettings {
  readonly name: string;
  readonly description?: string;
  readonly theme: string;
  /** `primary` is always set; `light`/`dark` default to `primary`. */
  readonly colors: { readonly primary: string; readonly light: string; readonly dark: string };
  readonly logo?: (ThemedAsset & { readonly href?: string }) | undefined;
  readonly favicon?: ThemedAsset | undefined;
  readonly appearance: { readonly default: 'system' | 'light' | 'dark'; readonly strict: boolean };
  readonly iconLibrary: 'fontawesome' | 'lucide' | 'tabler';
  readonly navbar?: DocsConfig['navbar'];
  readonly footer?: DocsConfig['footer'];
  readonly banner?: DocsConfig['banner'];
  /** `{{name}}` substitutions for pages and snippets. */
  readonly variables: Readonly<Record<string, string>>;
  readonly integrations?: DocsConfig['integrations'];
  readonly search?: DocsConfig['search'];
  readonly seo?: DocsConfig['seo'];
  /** `background` (colour, image, decoration); keys with a bad value are left out and reported. */
  readonly background: BackgroundConfig;
  /** Reader feedback widgets and endpoints: on unless `integrations.telemetry.enabled` is false. */
  readonly readerFeedback: boolean;
  /** The page actions beside each page's title (`contextual.options`); empty for none. */
  readonly contextual: readonly ContextualItem[];
  /** `styling.eyebrows: "breadcrumbs"`: a page's eyebrow is its whole group path, not its innermost group. */
  readonly eyebrows?: 'breadcrumbs';
  /** `styling.codeblocks: "dark"` (mint.json `codeBlock.mode`): code blocks are dark in light mode too. */
  readonly codeblocks?: 'dark';
  /**
   * `styling.codeblocks` naming a theme: the Shiki theme (or `css-variables`, the project's `--mint-*`
   * variables) of each mode. A mode without one, or whose name Shiki does not bundle, keeps the default.
   */
  readonly codeTheme?: CodeThemeModes;
  /**
   * `interaction.drilldown: true`: a collapsible group's title leads to its first page, as selecting a
   * group does on Mintlify; otherwise it only opens and closes. Themes differ in their default, which
   * Offprint's one layout cannot follow: unset is false.
   */
  readonly drilldown?: true;
  /** `metadata.timestamp: true`: pages say when they last changed (frontmatter `timestamp` overrides). */
  readonly timestamps?: true;
  /** `errors.404`; `redirect` defaults to true (unknown URLs go to the home page). */
  readonly notFound: { readonly redirect: boolean; readonly title?: string; readonly description?: string };
}
