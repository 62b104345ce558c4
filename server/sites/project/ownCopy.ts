/**
 * A copy of `part` that does not keep alive the string it was cut from. V8 represents slices, regex
 * captures and parser output cut from a text as views of that text, so a short value kept from a page
 * (a frontmatter title, a problem message naming an image) would hold the page's whole source: over an
 * import of 10,000 pages that was most of the staging thread's memory (~70 MB). Values a model keeps
 * are copied once, at the point they are cut out of a source.
 */
export function ownCopy(part: string): string {
  return Buffer.from(part, 'utf8').toString('utf8');
}
