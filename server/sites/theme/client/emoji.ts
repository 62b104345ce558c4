/**
 * Emoji in text the client builds itself (search results), drawn like the server draws content emoji
 * (theme/emoji.ts) on machines without an emoji font: with the images the page already shows. Those are
 * exactly the images the page (or its export bundle) has; an emoji the page does not show stays a
 * character, so nothing is ever requested that might not exist.
 */
import { all } from './dom.js';

let known: { readonly srcs: ReadonlyMap<string, string>; readonly longestFirst: readonly string[] } | null = null;

function pageImages(): NonNullable<typeof known> {
  if (known) return known;
  const srcs = new Map(all<HTMLImageElement>('img.op-emoji').map((img) => [img.alt, img.src] as const));
  // Longest first, so that a ZWJ family is not read as its first person.
  known = { srcs, longestFirst: [...srcs.keys()].filter(Boolean).sort((a, b) => b.length - a.length) };
  return known;
}

function image(alt: string, src: string): HTMLImageElement {
  const img = document.createElement('img');
  img.className = 'op-emoji';
  img.alt = alt;
  img.src = src;
  img.draggable = false;
  return img;
}

/** `text` as nodes to append: the emoji the page shows as images, everything else as text. */
export function withEmoji(text: string): (string | Node)[] {
  const { srcs, longestFirst } = pageImages();
  if (longestFirst.length === 0) return [text];
  const out: (string | Node)[] = [];
  let start = 0;
  for (let at = 0; at < text.length;) {
    const alt = longestFirst.find((a) => text.startsWith(a, at));
    if (alt === undefined) {
      at++;
      continue;
    }
    if (start < at) out.push(text.slice(start, at));
    out.push(image(alt, srcs.get(alt) ?? ''));
    at += alt.length;
    start = at;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}
