/**
 * The colour values a project may put into the site stylesheet. A docs project is untrusted input, so a
 * config colour reaches CSS only when it matches one of these patterns, whose characters cannot close a
 * declaration or a rule (no `;`, `{`, `}`, quotes or a second `)`).
 */

/** One colour: hex, rgb()/hsl() with plain numbers, or a named colour. */
const COLOR = String.raw`#[0-9a-f]{3,8}|(?:rgb|rgba|hsl|hsla)\([\d\s.,%/]+\)|[a-z]{3,20}`;
const COLOR_RE = new RegExp(`^(?:${COLOR})$`, 'i');
/** A gradient as {@link cssGradient} writes it: 2 or 3 colours at 45 degrees. */
const GRADIENT_RE = new RegExp(`^linear-gradient\\(45deg(?:, (?:${COLOR})){2,3}\\)$`, 'i');

/** A colour we accept into CSS (trimmed), or undefined. */
export function cssColor(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  return COLOR_RE.test(v) ? v : undefined;
}

/**
 * The CSS gradient of mint.json's `{from, via?, to}` colours, drawn bottom-left to top-right as
 * Mintlify drew its anchor icons. Undefined unless every stop is a {@link cssColor}.
 */
export function cssGradient(stops: readonly string[]): string | undefined {
  const colors = stops.map(cssColor);
  if (colors.length < 2 || colors.length > 3) return undefined;
  const valid = colors.filter((c): c is string => c !== undefined);
  return valid.length === colors.length ? `linear-gradient(45deg, ${valid.join(', ')})` : undefined;
}

/**
 * A value for a CSS `background`: a {@link cssColor}, or a gradient exactly as {@link cssGradient} writes
 * it (the form a mint.json anchor colour is converted to); anything else is undefined.
 */
export function cssPaint(value: unknown): string | undefined {
  const color = cssColor(value);
  if (color !== undefined || typeof value !== 'string') return color;
  const v = value.trim();
  return GRADIENT_RE.test(v) ? v : undefined;
}

/**
 * A hex colour's channels as Mintlify writes its colour variables (`--primary: 22 163 74`), which a
 * project's style.css reads as `rgb(var(--primary))` or `rgb(var(--primary) / 0.1)`; undefined for any
 * other colour (the alpha of `#rrggbbaa` is left out, as those variables have none).
 */
export function rgbChannels(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim())?.[1];
  if (hex === undefined) return undefined;
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)).join(' ');
}
