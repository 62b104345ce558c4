/** Plain text of rendered HTML, for the search index. */

const DROP = /<(svg|style|script|template|button)\b[\s\S]*?<\/\1>/gi;
const BLOCK =
  /<\/?(p|div|li|ul|ol|h[1-6]|pre|tr|td|th|table|details|summary|figure|figcaption|blockquote|br|hr|section|aside)\b[^>]*>/gi;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the entities React and Shiki emit (named basics and numeric references). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
    }
    return NAMED[ref.toLowerCase()] ?? all;
  });
}

/** Strips tags (icons and scripts entirely), keeps block boundaries as line breaks, collapses blanks. */
export function htmlToText(html: string): string {
  const text = html
    .replace(DROP, ' ')
    .replace(BLOCK, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
