/**
 * Content emoji drawn from shipped images, so they read on machines with no emoji font (air-gapped
 * Linux desktops often have none, and every emoji would be an empty box). Each emoji in a page's text
 * becomes `<img class="op-emoji" alt="🚀" src="/_offprint/emoji/1f680.svg">`: the alt text keeps the
 * character for copy/paste and screen readers, the search index is built from the rendered body before
 * this step (so it holds the characters), and an export bundle copies only the images its pages reference,
 * like any other asset. Images are Twemoji (CC-BY 4.0, via `@iconify-json/twemoji`, see README).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';

/** URL folder of the emoji images (served by `themeAsset('emoji/<name>.svg')`). */
export const EMOJI_URL_PREFIX = '/_offprint/emoji/';

const require = createRequire(import.meta.url);

// Symbols shown as text unless followed by U+FE0F (↔, ©, ✏): alone, they stay text.
const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}$/u;
const ZWJ = 0x200d;
/** Code points in the longest sequence the icon set names (a family with skin tones, with selectors). */
const MAX_SEQUENCE = 12;
// Every emoji drawn has one of these UTF-16 code units: a keycap or a presentation selector, the lead
// surrogate of the emoji blocks (U+1F000-1FAFF), a character of the BMP's emoji-presentation ranges, or a
// joiner. Prose punctuation (— ’ … →) has none, so the many pages with no emoji skip the walk over their
// tags; no `u` flag, whose property classes scan several times slower.
const MAYBE_EMOJI = /[\u20E3\uFE0F\uD83C-\uD83E\u231A-\u2B55\u3030\u303D\u3297\u3299\u200D]/;
const KEYCAP = 0x20e3;
const VARIATION_SELECTOR = 0xfe0f;
/** U+FE0E: the author asks for the symbol as text. */
const TEXT_SELECTOR = 0xfe0e;
/**
 * Where the emoji blocks of the supplementary plane start. Their text-style symbols (🛡 U+1F6E1, 🖥, 🏷)
 * are written without a selector in practice and shown as emoji by every browser with an emoji font (no
 * text font draws them), so they count as emoji; the BMP's (© ↔ ✏) stay text, as in prose.
 */
const PICTOGRAPH_PLANE = 0x1f000;
const FILE_NAME = /^([0-9a-f]{4,6}(?:-[0-9a-f]{4,6})*)\.svg$/;

const CharsSchema = z.record(z.string(), z.string());
const IconSetSchema = z.object({
  icons: z.record(
    z.string(),
    z.object({ body: z.string(), width: z.number().optional(), height: z.number().optional() }),
  ),
  aliases: z.record(z.string(), z.object({ parent: z.string() })).optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
type IconSet = z.infer<typeof IconSetSchema>;

let chars: ReadonlyMap<string, string> | null = null;
let iconSet: IconSet | null = null;
const svgs = new Map<string, EmojiSvg | null>();

function readPackageJson(file: string): unknown {
  return JSON.parse(readFileSync(require.resolve(`@iconify-json/twemoji/${file}`), 'utf8'));
}

/** Code point sequence -> icon name (200 KB, read on first use). */
function charMap(): ReadonlyMap<string, string> {
  chars ??= new Map(Object.entries(CharsSchema.parse(readPackageJson('chars.json'))));
  return chars;
}

/** The whole icon set (10 MB): read only when an image is first asked for. */
function icons(): IconSet {
  iconSet ??= IconSetSchema.parse(readPackageJson('icons.json'));
  return iconSet;
}

/**
 * The image name of an emoji (`1f468-200d-1f469-200d-1f467`): its code points in hex, at least four
 * digits, without the emoji-presentation selector (the icon set's naming); null when no image exists.
 */
export function emojiName(emoji: string): string | null {
  const points = [...emoji].map((ch) => ch.codePointAt(0) ?? 0).filter((cp) => cp !== VARIATION_SELECTOR);
  const name = nameOf(points);
  return charMap().has(name) ? name : null;
}

function nameOf(points: readonly number[]): string {
  return points.map((cp) => cp.toString(16).padStart(4, '0')).join('-');
}

/** True when an emoji may start at the code point `cp` of `text` (whose next code unit is at `next`). */
function mayStart(text: string, cp: number, next: number): boolean {
  if ((cp >= 0x2000 && cp <= 0x3300) || (cp >= 0x1f000 && cp <= 0x1faff)) return true;
  // Keycaps (1️⃣) and text symbols in emoji presentation (©️) start before their selector.
  const following = text.charCodeAt(next);
  return following === VARIATION_SELECTOR || following === KEYCAP;
}

/**
 * The emoji starting at `at` in `text` that the icon set has, longest first (a ZWJ family, not its first
 * person), or null. A lone text-style symbol of the BMP counts only with its emoji-presentation selector, as
 * in Unicode's list of fully-qualified emoji; none counts with the text selector. (A lookup, not `\p{RGI_Emoji}`: that pattern costs ~0.1 ms a try.)
 */
function emojiAt(text: string, at: number): string | null {
  const points: number[] = [];
  const ends: number[] = [];
  for (let i = at; i < text.length && points.length < MAX_SEQUENCE;) {
    const cp = text.codePointAt(i) ?? 0;
    i += cp > 0xffff ? 2 : 1;
    points.push(cp);
    ends.push(i);
  }
  for (let n = points.length; n > 0; n--) {
    const sequence = points.slice(0, n);
    const shown = sequence.filter((cp) => cp !== VARIATION_SELECTOR);
    if (shown.length === 0 || sequence[n - 1] === ZWJ || !charMap().has(nameOf(shown))) continue;
    const [only = 0] = shown;
    if (points[n] === TEXT_SELECTOR) continue;
    const textStyle =
      shown.length === 1 && only < PICTOGRAPH_PLANE && !EMOJI_PRESENTATION.test(String.fromCodePoint(only));
    if (textStyle && !sequence.includes(VARIATION_SELECTOR) && points[n] !== VARIATION_SELECTOR) continue;
    // A selector right after the emoji belongs to it.
    const end = points[n] === VARIATION_SELECTOR ? ends[n] : ends[n - 1];
    return text.slice(at, end);
  }
  return null;
}

/** `text` with each emoji that has an image replaced by its `<img>`. */
function replaceEmoji(text: string): string {
  let out = '';
  let last = 0;
  for (let at = 0; at < text.length;) {
    const cp = text.codePointAt(at) ?? 0;
    const next = at + (cp > 0xffff ? 2 : 1);
    const emoji = mayStart(text, cp, next) ? emojiAt(text, at) : null;
    if (emoji === null) {
      at = next;
      continue;
    }
    out += text.slice(last, at) + imageTag(emoji);
    at += emoji.length;
    last = at;
  }
  return out + text.slice(last);
}

function imageTag(emoji: string): string {
  const name = emojiName(emoji);
  if (name === null) return emoji;
  return `<img class="op-emoji" alt="${emoji}" src="${EMOJI_URL_PREFIX}${name}.svg" draggable="false">`;
}

// Elements whose text must stay characters: code, scripts and styles, SVG and MathML, where <img> is not
// allowed, and templates (a page's Markdown for "Copy page").
const KEEP_TEXT = new Set([
  'pre',
  'code',
  'kbd',
  'samp',
  'script',
  'style',
  'textarea',
  'title',
  'svg',
  'math',
  'option',
  'template',
]);
// A tag, comment or doctype; quoted attribute values may hold '>'.
const TAG = /<!--[\s\S]*?-->|<[!/]?[A-Za-z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/g;
const TAG_NAME = /^<(\/?)([A-Za-z][\w:-]*)/;

/** +1 for an opening tag of a {@link KEEP_TEXT} element, -1 for its closing tag, 0 for any other tag. */
function keepTextStep(tag: string): number {
  const match = TAG_NAME.exec(tag);
  const name = match?.[2]?.toLowerCase();
  if (name === undefined || !KEEP_TEXT.has(name) || tag.endsWith('/>')) return 0;
  return match?.[1] === '/' ? -1 : 1;
}

/**
 * `html` (a document body, or any fragment) with each emoji of its text replaced by its image; tags,
 * attribute values and the text of code, scripts, styles and SVG are left alone.
 */
export function emojiImages(html: string): string {
  // Cheap early exit for the many pages with no emoji at all.
  if (!MAYBE_EMOJI.test(html)) return html;
  let inside = 0;
  let out = '';
  let at = 0;
  // Most chunks hold no emoji at all: one quick test skips them.
  const text = (chunk: string): string => (inside > 0 || !MAYBE_EMOJI.test(chunk) ? chunk : replaceEmoji(chunk));
  for (const match of html.matchAll(TAG)) {
    out += text(html.slice(at, match.index)) + match[0];
    inside = Math.max(0, inside + keepTextStep(match[0]));
    at = match.index + match[0].length;
  }
  return out + text(html.slice(at));
}

/** An emoji image ready to send. */
export interface EmojiSvg {
  readonly body: string;
  /** Strong validator of the body (quoted, for the ETag header). */
  readonly etag: string;
}

function iconBody(set: IconSet, name: string): { body: string; width: number; height: number } | null {
  const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ''];
  if (icon === undefined) return null;
  return { body: icon.body, width: icon.width ?? set.width ?? 16, height: icon.height ?? set.height ?? 16 };
}

/** The SVG document of `file` (`1f680.svg`, as named by {@link emojiName}); null for any other name. */
export function emojiSvg(file: string): EmojiSvg | null {
  const known = svgs.get(file);
  if (known !== undefined) return known;
  const name = FILE_NAME.exec(file)?.[1];
  const iconName = name === undefined ? undefined : charMap().get(name);
  const icon = iconName === undefined ? null : iconBody(icons(), iconName);
  const made =
    icon === null
      ? null
      : svgDocument(
          `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${icon.width} ${icon.height}">${icon.body}</svg>`,
        );
  // Only real names are remembered: the cache cannot be grown by asking for made-up ones.
  if (made !== null) svgs.set(file, made);
  return made;
}

function svgDocument(body: string): EmojiSvg {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}
