/**
 * How the assembly and `verify` classify references (export/refs.ts): resource hints make the browser
 * contact their target, so an external one is a resource (dropped from a bundle, refused by verify),
 * not a link the reader may follow.
 */
import { describe, expect, it } from 'vitest';
import { parseHtml, visitHtmlRefs, type RefKind } from '../server/export/refs.js';

function kinds(html: string): [string, RefKind][] {
  const seen: [string, RefKind][] = [];
  visitHtmlRefs(parseHtml(html), (url, kind) => {
    seen.push([url, kind]);
    return url;
  });
  return seen;
}

describe('visitHtmlRefs', () => {
  it('takes resource hints for resources and canonical or alternate links for links', () => {
    const head = [
      '<link rel="preconnect" href="https://fonts.example">',
      '<link rel="dns-prefetch" href="//cdn.example">',
      '<link rel="prerender" href="https://next.example/page">',
      '<link rel="prefetch" href="https://cdn.example/a.js">',
      '<link rel="canonical" href="https://docs.example/page">',
      '<link rel="alternate" href="https://docs.example/fr/page">',
    ].join('');
    expect(kinds(`<html><head>${head}</head><body></body></html>`)).toEqual([
      ['https://fonts.example', 'resource'],
      ['//cdn.example', 'resource'],
      ['https://next.example/page', 'resource'],
      ['https://cdn.example/a.js', 'resource'],
      ['https://docs.example/page', 'link'],
      ['https://docs.example/fr/page', 'link'],
    ]);
  });

  it('drops a reference its visitor refuses', () => {
    const root = parseHtml('<html><head><link rel="preconnect" href="https://fonts.example"></head></html>');
    visitHtmlRefs(root, (_, kind) => (kind === 'resource' ? null : 'kept'));
    expect(root.toString()).not.toContain('fonts.example');
  });
});
