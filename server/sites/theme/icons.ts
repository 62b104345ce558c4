/** Icons for the page shell: UI glyphs (Lucide), navigation icons (the site's library) and social logos. */
import type { IconRef } from '../project/model.js';
import { iconSvg, isIconPath } from '../render/icons/icons.js';
import type { IconLibrary } from '../render/types.js';
import { attrs, cls, safeUrl } from './html.js';

/** Lucide glyphs the shell uses. */
export type UiIcon =
  | 'search'
  | 'sun'
  | 'moon'
  | 'menu'
  | 'x'
  | 'chevron-right'
  | 'chevron-down'
  | 'chevrons-up-down'
  | 'arrow-left'
  | 'arrow-right'
  | 'arrow-up-right'
  | 'thumbs-up'
  | 'thumbs-down'
  | 'languages'
  | 'file-text'
  | 'check'
  | 'rss'
  | 'copy';

/** A UI glyph as `<span class="op-icon">svg</span>`. */
export function ui(name: UiIcon, className?: string): string {
  return `<span class="${cls('op-icon', className)}" aria-hidden="true">${iconSvg(name, 'lucide') ?? ''}</span>`;
}

/**
 * A navigation/frontmatter icon: a library name resolved against the site's library (or the icon's own),
 * or an image for URLs and project paths. Unknown names render nothing. Mintlify's class `icon` is on it,
 * as on every icon its Icon draws.
 */
export function navIcon(icon: IconRef | undefined, library: IconLibrary, className?: string): string {
  if (!icon) return '';
  const name = icon.name.trim();
  if (isIconPath(name)) {
    // Remote icons would leave the local server: only project paths are loaded.
    if (/^(https?:)?\/\//i.test(name) || /^data:/i.test(name)) return '';
    const src = safeUrl(name.startsWith('/') ? name : `/${name.replace(/^\.\//, '')}`);
    return `<img${attrs({ class: cls('op-icon', 'op-icon-img', 'icon', className), src, alt: '', 'aria-hidden': 'true' })}>`;
  }
  const lib =
    icon.library === 'lucide' || icon.library === 'fontawesome' || icon.library === 'tabler' ? icon.library : library;
  const svg = iconSvg(name, lib, icon.style);
  return svg ? `<span class="${cls('op-icon', 'icon', className)}" aria-hidden="true">${svg}</span>` : '';
}

const SOCIAL_ICONS: Readonly<Record<string, string>> = {
  x: 'x-twitter',
  'x-twitter': 'x-twitter',
  twitter: 'x-twitter',
  website: 'globe',
  'earth-americas': 'globe',
  podcast: 'podcast',
};

/** The logo of a `footer.socials` key (`github`, `x`, `linkedin`, ...); a globe for unknown keys. */
export function socialIcon(key: string): string {
  const name = SOCIAL_ICONS[key] ?? key;
  const svg = iconSvg(name, 'fontawesome', 'brands') ?? iconSvg('globe', 'lucide') ?? '';
  return `<span class="op-icon" aria-hidden="true">${svg}</span>`;
}
