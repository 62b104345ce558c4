/**
 * The cascade layer every stylesheet of the theme is in (theme.css by its imports, site.css and
 * utilities.css by {@link inThemeLayer}). Mintlify's Tailwind styles are in layers, so a project's own
 * style.css, unlayered, overrides them whatever their specificity; ours must lose to it the same way.
 * One layer for all three keeps the order among them as it was: specificity, then source order.
 */
export const THEME_LAYER = 'offprint';

/** `css` inside the theme's layer ('' stays ''). */
export function inThemeLayer(css: string): string {
  return css === '' ? '' : `@layer ${THEME_LAYER}{\n${css}\n}\n`;
}
