/**
 * The per-site stylesheet (`/_offprint/site.css`): docs.json colours as CSS variables, anchor and banner
 * colours, the code theme. A separate file rather than an inline `<style>` so pages work under a
 * `'self'`-only CSP; static export bundles carry the same file.
 */
import { inThemeLayer } from './cssLayer.js';
import { fontsCss } from './siteFonts.js';
import { cssColor, cssPaint, rgbChannels } from '../project/config/cssColor.js';
import type { DocsConfig, NavSection, SiteModel } from '../project/model.js';
import { CODE_THEME_CSS } from '../render/code/theme.js';
import { codeThemeCss } from '../render/code/themeCss.js';
import { bannerColorClass } from './footer.js';
import { shortHash } from './html.js';

/** A colour value as the config gives it: one colour, or a light/dark pair (dark defaults to light). */
type ColorValue = string | { readonly light?: string | undefined; readonly dark?: string | undefined };

/** Validates one value for CSS: {@link cssColor}, or {@link cssPaint} where a gradient may be drawn. */
type Validate = (value: unknown) => string | undefined;

function lightDark(value: ColorValue | undefined, valid: Validate = cssColor): { light?: string; dark?: string } {
  if (typeof value === 'object') {
    const light = valid(value.light);
    const dark = valid(value.dark) ?? light;
    return { ...(light ? { light } : {}), ...(dark ? { dark } : {}) };
  }
  const c = valid(value);
  return c ? { light: c, dark: c } : {};
}

function pair(selector: string, variable: string, value: ColorValue | undefined, valid?: Validate): string {
  const { light, dark } = lightDark(value, valid);
  let out = '';
  if (light) out += `${selector}{${variable}:${light}}\n`;
  if (dark && dark !== light) out += `html.dark ${selector}{${variable}:${dark}}\n`;
  return out;
}

function sectionsWith(sections: readonly NavSection[], out: NavSection[] = []): NavSection[] {
  for (const s of sections) {
    out.push(s);
    // A division's own global links may carry an anchor colour too.
    sectionsWith([...(s.global ?? []), ...s.sections], out);
  }
  return out;
}

/**
 * The CSS text for one site. Asynchronous because a `styling.codeblocks` theme is read from Shiki's
 * package on first use; callers make it once per site model (theme/assets.ts).
 */
export async function renderSiteCss(site: SiteModel): Promise<string> {
  const { colors } = site.settings;
  let css = `:root{--op-primary:${cssColor(colors.primary) ?? '#0d9373'};--op-primary-light:${cssColor(colors.light) ?? colors.primary};`;
  css += `--op-primary-dark:${cssColor(colors.dark) ?? colors.primary}}\n`;
  const background = site.settings.background.color;
  if (background !== undefined) {
    const { light, dark } = lightDark(background);
    if (light) css += `html:not(.dark){--op-bg:${light}}\n`;
    if (dark) css += `html.dark{--op-bg:${dark}}\n`;
  }
  css += mintlifyVariables(colors, background === undefined ? {} : lightDark(background));
  const all = sectionsWith([...site.navigation.sections, ...site.navigation.global]);
  // An anchor colour is a background (sidebar.css), so the gradient a mint.json anchor colour is converted
  // to (config/legacyColors.ts) is drawn as one; docs.json anchor colours are colours, as in Mintlify.
  const anchorPaint = site.configFile === 'mint.json' ? cssPaint : cssColor;
  for (const section of all) {
    if (section.color) css += pair(`.op-c-${shortHash(section.id)}`, '--op-anchor-color', section.color, anchorPaint);
  }
  const banners: DocsConfig['banner'][] = [site.settings.banner, ...all.map((s) => s.banner)];
  for (const banner of banners) {
    const cls = banner ? bannerColorClass(banner) : undefined;
    if (banner && cls) css += pair(`.${cls}`, '--op-banner-bg', banner.color);
  }
  const packedFont = (url: string): string | undefined => {
    const copy = site.remoteAssets.get(url);
    return copy?.kind === 'font' ? `/${copy.path}` : undefined;
  };
  // Token colours of highlighted code (light and dark palettes), owned by the renderer; the project's
  // code theme follows the defaults under the same selectors, so it wins.
  const codeTheme = await codeThemeCss(site.settings.codeTheme);
  return inThemeLayer(`${CODE_THEME_CSS}\n${codeTheme}${fontsCss(site.config.fonts, packedFont)}${css}`);
}

/**
 * Mintlify's colour variables, as channels (`--primary: 22 163 74`), for projects' style.css that use them
 * (`rgb(var(--primary) / 0.1)`); its gray scale is in base.css. A colour that is not hex keeps the default.
 */
function mintlifyVariables(
  colors: SiteModel['settings']['colors'],
  background: { light?: string; dark?: string },
): string {
  const primary = rgbChannels(colors.primary);
  const variables: [string, string | undefined][] = [
    ['--primary', primary],
    ['--primary-light', rgbChannels(colors.light) ?? primary],
    ['--primary-dark', rgbChannels(colors.dark) ?? primary],
    ['--background-light', rgbChannels(background.light)],
    ['--background-dark', rgbChannels(background.dark)],
  ];
  const set = variables.filter((v): v is [string, string] => v[1] !== undefined);
  return set.length === 0 ? '' : `:root{${set.map(([name, value]) => `${name}:${value}`).join(';')}}\n`;
}
