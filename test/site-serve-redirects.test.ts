/** The redirect rule matcher on its own: every pattern form of docs.json `redirects`. */
import { describe, expect, it } from 'vitest';
import { compileRedirects, matchRedirect, redirectSourceFor } from '../server/sites/project/redirects.js';

function target(source: string, destination: string, path: string, permanent = true): string | null {
  const rules = compileRedirects([{ source, destination, permanent }]);
  return matchRedirect(rules, path)?.location ?? null;
}

describe('redirect patterns', () => {
  it('matches exact paths, with or without a trailing slash', () => {
    expect(target('/a', '/b', '/a')).toBe('/b');
    expect(target('/a', '/b', '/a/')).toBe('/b');
    expect(target('/a', '/b', '/ab')).toBeNull();
    expect(target('/a.b', '/c', '/axb')).toBeNull();
  });

  it('substitutes :param (one segment), :param? (optional), :param+ and :param* (several)', () => {
    expect(target('/u/:id', '/users/:id', '/u/42')).toBe('/users/42');
    expect(target('/u/:id', '/users/:id', '/u/42/x')).toBeNull();
    expect(target('/u/:id?', '/users/:id?', '/u')).toBe('/users');
    expect(target('/d/:rest+', '/docs/:rest+', '/d')).toBeNull();
    expect(target('/d/:rest+', '/docs/:rest+', '/d/a/b')).toBe('/docs/a/b');
    expect(target('/d/:rest*', '/docs/:rest*', '/d')).toBe('/docs');
    expect(target('/d/:rest*', '/docs/:rest*', '/d/a/b')).toBe('/docs/a/b');
  });

  it('substitutes prefix wildcards', () => {
    expect(target('/old/article-*', '/new/article-*', '/old/article-42')).toBe('/new/article-42');
    expect(target('/old/*', '/new/*', '/old/a/b')).toBe('/new/a/b');
    expect(target('/old/article-*', '/new/article-*', '/old/post-42')).toBeNull();
  });

  it('encodes what it copies into the Location and keeps external destinations as written', () => {
    expect(target('/s/:q', '/search/:q', '/s/a b')).toBe('/search/a%20b');
    expect(target('/ext/:p*', 'https://example.org/:p*', '/ext/x/y')).toBe('https://example.org/x/y');
  });

  it('percent-encodes what no Location header may carry in a destination as written (controls, spaces, non-ASCII)', () => {
    expect(target('/a', '/b\r\nSet-Cookie: x=1', '/a')).toBe('/b%0D%0ASet-Cookie:%20x=1');
    expect(target('/a', '/caf\u00e9\u2028\u0000', '/a')).toBe('/caf%C3%A9%E2%80%A8%00');
    expect(target('/a', 'https://example.org/\ud800x?q=%20#h', '/a')).toBe('https://example.org/%EF%BF%BDx?q=%20#h');
  });

  it('chooses 308 for permanent rules and 307 for the others, first matching rule first', () => {
    const rules = compileRedirects([
      { source: '/a/:x', destination: '/first/:x', permanent: false },
      { source: '/a/*', destination: '/second/*', permanent: true },
    ]);
    expect(matchRedirect(rules, '/a/1')).toEqual({ location: '/first/1', status: 307 });
    expect(matchRedirect(rules, '/a/1/2')).toEqual({ location: '/second/1/2', status: 308 });
  });

  it('never redirects a path to itself', () => {
    expect(target('/:page*', '/:page*', '/loop')).toBeNull();
  });
});

describe('redirect patterns read backwards (the bundle’s redirect pages for pattern rules)', () => {
  function sourceFor(source: string, destination: string, target: string): string | null {
    const [rule] = compileRedirects([{ source, destination, permanent: true }]);
    if (rule === undefined) throw new Error('rule did not compile');
    return redirectSourceFor(rule, target);
  }

  it('gives the path that leads to a page, for parameters and wildcards', () => {
    expect(sourceFor('/old-api/:slug*', '/api-reference/:slug*', '/api-reference/flags/list')).toBe(
      '/old-api/flags/list',
    );
    expect(sourceFor('/u/:id', '/users/:id', '/users/42')).toBe('/u/42');
    expect(sourceFor('/legacy/post-*', '/guides/post-*', '/guides/post-one')).toBe('/legacy/post-one');
    expect(sourceFor('/s/:q', '/search/:q', '/search/a b')).toBe('/s/a b');
    expect(sourceFor('/v/:p*', '/guides/:p*#top', '/guides/x')).toBe('/v/x');
  });

  it('gives nothing when the page is no destination of the rule, or a source value cannot be known', () => {
    expect(sourceFor('/old-api/:slug*', '/api-reference/:slug*', '/guides/intro')).toBeNull();
    expect(sourceFor('/docs/:version/:slug*', '/:slug*', '/intro')).toBeNull();
    expect(sourceFor('/ext/:p*', 'https://example.org/:p*', '/x')).toBeNull();
  });

  it("gives the rule's own prefix when an optional parameter the destination does not name matches nothing", () => {
    expect(sourceFor('/all/:p*', '/home', '/home')).toBe('/all');
    expect(sourceFor('/api-playground/mdx/:slug*', '/api-playground/mdx-setup', '/api-playground/mdx-setup')).toBe(
      '/api-playground/mdx',
    );
    expect(sourceFor('/v/:page?', '/guides', '/guides')).toBe('/v');
    // A parameter that must match something still cannot be known.
    expect(sourceFor('/all/:p+', '/home', '/home')).toBeNull();
    expect(sourceFor('/all/:p', '/home', '/home')).toBeNull();
  });

  it('gives nothing when the source decodes to a path no request can name (a . or .. segment, a backslash, a NUL)', () => {
    // The path names the bundle's redirect page file: %2f.. decoded would put it outside the bundle.
    expect(sourceFor('/x%2f..%2f..%2f..%2fescaped/:slug', '/:slug', '/intro')).toBeNull();
    expect(sourceFor('/x%2F%2E%2E%2Fescaped/:slug', '/:slug', '/intro')).toBeNull();
    expect(sourceFor('/x%5c..%5c..%5cescaped/:slug', '/:slug', '/intro')).toBeNull();
    expect(sourceFor('/x%00y/:slug', '/:slug', '/intro')).toBeNull();
    expect(sourceFor('/x%2f%2fy/:slug', '/:slug', '/intro')).toBeNull();
    // Encoded characters that stay inside one segment still give the path.
    expect(sourceFor('/caf%C3%A9/:slug', '/:slug', '/intro')).toBe('/café/intro');
  });
});
