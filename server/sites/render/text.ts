/** Plain text of rendered HTML, for the search index. */
import { characterEntities } from 'character-entities';

const DROP = /<(svg|style|script|template|button)\b[\s\S]*?<\/\1>/gi;
/**
 * Text a placeholder shows in place of media that cannot load ("Image not found: /a.png", its alt, a
 * player's host): leaves of text only, marked `data-op-unindexed`. A page's text is the same whether its
 * media loads or not, as a present image adds none, so a search for "png" does not find every page
 * with a missing screenshot.
 */
const UNINDEXED = /<(span|a)\b[^>]*\bdata-op-unindexed\b[^>]*>[^<]*<\/\1>/gi;
const BLOCK =
  /<\/?(p|div|li|ul|ol|h[1-6]|pre|tr|td|th|table|details|summary|figure|figcaption|blockquote|br|hr|section|aside)\b[^>]*>/gi;
// A non-breaking space reads as a space in search text.
const NAMED: Readonly<Record<string, string>> = { ...characterEntities, nbsp: ' ' };

/**
 * Decodes character references: the ones React and Shiki emit, and any HTML names (`&rsquo;`) in text
 * authors write where HTML is not read (frontmatter). Names are case-sensitive, as in HTML.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (all, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
    }
    return Object.hasOwn(NAMED, ref) ? (NAMED[ref] ?? all) : all;
  });
}

/** Strips tags (icons and scripts entirely), keeps block boundaries as line breaks, collapses blanks. */
export function htmlToText(html: string): string {
  const text = html
    .replace(DROP, ' ')
    .replace(UNINDEXED, ' ')
    .replace(BLOCK, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** One line of prose (outside code fences) without its Markdown/MDX syntax. */
function proseLine(line: string): string {
  return /^\s*(import|export)\s/.test(line) ? '' : markdownLineWords(line);
}

/** The words of one line of Markdown prose: its marks (headings, lists, links, emphasis, tags) left out. */
export function markdownLineWords(line: string): string {
  // Thematic breaks, setext underlines and table separator rows carry no words.
  if (/^\s*([-*_=]\s*){3,}$/.test(line) || /^\s*\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/.test(line)) return '';
  // A code span's text is kept whole (`<user_id>` is no tag, `a_b_c` no emphasis): held aside meanwhile.
  const spans: string[] = [];
  const held = line.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_all, _ticks: string, code: string) => {
    spans.push(/^ .* $/.test(code) ? code.slice(1, -1) : code);
    return `\uE000${spans.length - 1}\uE000`;
  });
  return markWords(held).replace(/\uE000(\d+)\uE000/g, (_all, at: string) => spans[Number(at)] ?? '');
}

function markWords(line: string): string {
  return line
    .replace(/^\s{0,3}#{1,6}\s+/, '')
    .replace(/\s+#+\s*$/, '')
    .replace(/\s*\{#[\w-]+\}\s*$/, '')
    .replace(/^(\s*>)+\s?/, '')
    .replace(/^\s*([-*+]|\d{1,9}[.)])\s+(\[[ xX]\]\s+)?/, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(/<\/?[A-Za-z][\w.:-]*(?:\s(?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*)?\/?>/g, ' ')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*]+?)(?<=\S)\*/g, '$1$2')
    .replace(/(^|\W)_(?=\S)([^_]+?)(?<=\S)_(?=\W|$)/g, '$1$2')
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1')
    .replace(/^\s*\||\|\s*$/g, '')
    .replace(/\s+\|\s+/g, ' ');
}

/**
 * Plain text of Markdown/MDX source, for search when a page has no rendered body (it failed to render)
 * and for descriptions: headings, emphasis, links and images (their text kept), JSX/HTML tags, comments,
 * import/export lines, list and quote markers, table pipes and code fence markers go; the code inside
 * fences stays as it is.
 */
export function markdownToText(source: string): string {
  const lines = source
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const marker = FENCE.exec(line)?.[1];
    if (marker !== undefined && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    out.push(fence === null ? proseLine(line) : line);
  }
  return out
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
