/**
 * Icon names -> inline SVG markup, from packages installed with the app (never the network):
 * Font Awesome Free (solid / regular / brands), Lucide and Tabler. Files are read once and cached.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { IconLibrary } from '../types.js';
import { tablerSvg } from './tabler.js';

const require = createRequire(import.meta.url);
const FA_DIR = join(dirname(require.resolve('@fortawesome/fontawesome-free/package.json')), 'svgs');
const LUCIDE_DIR = join(dirname(require.resolve('lucide-static/package.json')), 'icons');

type Source = 'lucide' | 'tabler' | 'solid' | 'regular' | 'brands';

const svgCache = new Map<string, string | null>();
let faAliases: Map<string, string> | null = null;

function readSvg(source: Source, name: string): string | null {
  const key = `${source}:${name}`;
  const cached = svgCache.get(key);
  if (cached !== undefined) return cached;
  let svg: string | null = null;
  try {
    const raw = source === 'tabler' ? tablerSvg(name) : readFileSync(sourceFile(source, name), 'utf8');
    svg = raw === null ? null : clean(raw, source);
  } catch {
    svg = null;
  }
  svgCache.set(key, svg);
  return svg;
}

/** The SVG file of a name in a file-per-icon set. */
function sourceFile(source: Exclude<Source, 'tabler'>, name: string): string {
  return source === 'lucide' ? join(LUCIDE_DIR, `${name}.svg`) : join(FA_DIR, source, `${name}.svg`);
}

/** Drops licence comments and fixed sizes; adds our class so CSS sizes icons as 1em by default. */
function clean(svg: string, source: Source): string {
  const body = svg
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*(\/?>)\s*/g, '$1')
    .trim();
  const family = source === 'lucide' || source === 'tabler' ? source : `fa-${source}`;
  // Only the root element loses its fixed size and class; inner shapes keep their geometry.
  return body.replace(/^<svg\b[^>]*>/, (open) =>
    open
      .replace(/\s(?:class|width|height)="[^"]*"/g, '')
      .replace(/^<svg/, `<svg class="op-svg op-svg-${family}" aria-hidden="true" focusable="false"`),
  );
}

/** Old Font Awesome names (v4/v5) -> current ones, read lazily from the package metadata. */
function faAlias(name: string): string | undefined {
  if (!faAliases) {
    faAliases = new Map();
    try {
      const meta = readFileSync(join(FA_DIR, '..', 'metadata', 'icons.yml'), 'utf8');
      let current = '';
      let inNames = false;
      for (const line of meta.split('\n')) {
        const top = /^([a-z0-9-]+):\s*$/.exec(line);
        if (top?.[1]) {
          current = top[1];
          inNames = false;
        } else if (/^ {4}names:\s*$/.test(line)) inNames = true;
        else if (inNames && /^ {6}- /.test(line)) faAliases.set(line.slice(8).trim().replace(/^'|'$/g, ''), current);
        else if (!/^ {6}/.test(line)) inNames = false;
      }
    } catch {
      // No metadata: aliases simply do not resolve.
    }
  }
  return faAliases.get(name);
}

/** Font Awesome styles to try for an `iconType`; styles not in the free set fall back to the closest. */
function faOrder(iconType: string | undefined): Source[] {
  switch ((iconType ?? '').toLowerCase()) {
    case 'solid':
    case 'sharp-solid':
    case 'duotone':
      return ['solid', 'regular', 'brands'];
    case 'brands':
      return ['brands', 'solid', 'regular'];
    default:
      return ['regular', 'solid', 'brands'];
  }
}

/**
 * Inline SVG for an icon name, or null when no installed set has it. The site's library is tried
 * first, then the others (sites mix names; Lucide has no brand logos): a Tabler site falls back as a
 * Lucide one does. Tabler is only tried on Tabler sites, as Mintlify draws its names only there.
 */
export function iconSvg(rawName: string, library: IconLibrary, iconType?: string): string | null {
  const name = rawName
    .trim()
    .toLowerCase()
    .replace(/^fa[srlbd]?[- ]/, '')
    .replace(/^fa-/, '');
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) return null;
  const fa = faOrder(iconType);
  const order = sourceOrder(library, fa);
  for (const source of order) {
    const svg = readSvg(source, name);
    if (svg) return svg;
  }
  const alias = faAlias(name);
  if (alias)
    for (const source of fa) {
      const svg = readSvg(source, alias);
      if (svg) return svg;
    }
  // Tabler names its logos `brand-python`; Font Awesome's brands set has most of them as `python`
  // (for sites that write Tabler's names without choosing its library).
  const brand = /^brand-(.+)$/.exec(name)?.[1];
  return brand === undefined ? null : readSvg('brands', brand);
}

/** The sets to look a name up in, the site's library first. */
function sourceOrder(library: IconLibrary, fa: Source[]): Source[] {
  switch (library) {
    case 'fontawesome':
      return [...fa, 'lucide'];
    case 'lucide':
      return ['lucide', ...fa];
    case 'tabler':
      return ['tabler', 'lucide', ...fa];
  }
}

/** True when `icon` is a URL or project path rather than a library name. */
export function isIconPath(icon: string): boolean {
  return /^(https?:|data:|\/|\.\.?\/)/.test(icon) || /\.(svg|png|jpe?g|gif|webp|ico)$/i.test(icon);
}
