/**
 * docs.json `fonts` as CSS: the body and heading families (`fonts.body`/`fonts.heading`, else `fonts`
 * itself) before the theme's own stack, and an `@font-face` for a font file the project ships
 * (`source: "/fonts/Inter.woff2"`) or that `offprint pack` fetched. A font on the internet otherwise
 * (Google Fonts, a CDN) cannot load offline: its family is still named, so a reader's machine that has it
 * installed shows it.
 */
import { z } from 'zod';
import { isRemoteUrl } from '../project/remote.js';
import { localAsset } from './html.js';

const FontSchema = z.looseObject({
  family: z.string().min(1).max(100),
  weight: z.number().int().min(1).max(1000).optional(),
  source: z.string().optional(),
  // mint.json's name for `source`.
  url: z.string().optional(),
  format: z.enum(['woff', 'woff2', 'truetype', 'opentype']).optional(),
});
type Font = z.output<typeof FontSchema>;

// mint.json writes `headings`.
const FontsSchema = z.looseObject({
  heading: z.unknown().optional(),
  headings: z.unknown().optional(),
  body: z.unknown().optional(),
});

/** A family name as a CSS string; names with quotes or backslashes are not fonts anyone ships. */
function familyCss(family: string): string | undefined {
  return /^[\w .-]+$/.test(family.trim()) ? `"${family.trim()}"` : undefined;
}

function fontOf(value: unknown): Font | undefined {
  const parsed = FontSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The format of a font file, written or from its extension. */
function formatOf(font: Font, url: string): string | undefined {
  if (font.format !== undefined) return font.format;
  const ext = /\.(woff2?|ttf|otf)$/i.exec(url)?.[1]?.toLowerCase();
  return ext === 'ttf' ? 'truetype' : ext === 'otf' ? 'opentype' : ext;
}

/** A packed copy's site path for a URL (`offprint pack` fetches font sources), else undefined. */
export type PackedFont = (url: string) => string | undefined;

function fontFace(font: Font, packed: PackedFont): string {
  const family = familyCss(font.family);
  const written = font.source ?? font.url;
  const url = written !== undefined && isRemoteUrl(written) ? packed(written.trim()) : localAsset(written);
  if (family === undefined || url === undefined || !/^\/[\w./@%-]+$/.test(url)) return '';
  const format = formatOf(font, url);
  const weight = font.weight === undefined ? '' : `font-weight:${font.weight};`;
  return `@font-face{font-family:${family};src:url("${url}")${format ? ` format("${format}")` : ''};${weight}font-display:swap}\n`;
}

/** The stylesheet text of a site's `fonts` setting; '' when it sets none. */
export function fontsCss(fonts: unknown, packed: PackedFont = () => undefined): string {
  const top = fontOf(fonts);
  const parts = FontsSchema.safeParse(fonts);
  const body = (parts.success ? fontOf(parts.data.body) : undefined) ?? top;
  const heading = (parts.success ? fontOf(parts.data.heading ?? parts.data.headings) : undefined) ?? top;
  let css = '';
  for (const font of new Set([body, heading])) if (font !== undefined) css += fontFace(font, packed);
  const bodyFamily = body === undefined ? undefined : familyCss(body.family);
  const headingFamily = heading === undefined ? undefined : familyCss(heading.family);
  const vars = [
    bodyFamily === undefined ? '' : `--op-font:${bodyFamily},var(--op-font-system);`,
    headingFamily === undefined ? '' : `--op-font-heading:${headingFamily},var(--op-font-system);`,
    heading?.weight === undefined ? '' : `--op-heading-weight:${heading.weight};`,
  ].join('');
  return vars === '' ? css : `${css}:root{${vars}}\n`;
}
