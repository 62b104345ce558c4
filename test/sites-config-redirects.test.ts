/** docs.json `redirects` as the project loader reads them: paths written without their leading slash. */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { compileRedirects, matchRedirect } from '../server/sites/project/redirects.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

describe('redirects without a leading slash', () => {
  it('reads a source or destination without its leading slash from the site root, as Mintlify does', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        redirects: [
          { source: 'features/extract-beta', destination: 'features/extract' },
          { source: 'v0/:slug*', destination: '/v1/:slug*', permanent: false },
          { source: '/chat', destination: 'https://chat.example.org' },
          { source: '/top', destination: '#top' },
        ],
      }),
      'index.mdx': '# Home\n',
      'features/extract.mdx': '# Extract\n',
    });
    const model = loadSiteProject(dir);
    expect(model.problems).toEqual([]);
    expect(model.redirects).toEqual([
      { source: '/features/extract-beta', destination: '/features/extract', permanent: true },
      { source: '/v0/:slug*', destination: '/v1/:slug*', permanent: false },
      { source: '/chat', destination: 'https://chat.example.org', permanent: true },
      { source: '/top', destination: '#top', permanent: true },
    ]);
    // The Location is absolute: relative, a browser would go to /features/features/extract.
    expect(matchRedirect(compileRedirects(model.redirects), '/features/extract-beta')?.location).toBe(
      '/features/extract',
    );
  });

  it('still leaves out a source that is a URL or carries a query', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        redirects: [
          { source: 'https://old.example.org/a', destination: '/a' },
          { source: 'b?x=1', destination: '/b' },
        ],
      }),
      'index.mdx': '# Home\n',
    });
    const model = loadSiteProject(dir);
    expect(model.redirects).toEqual([]);
    expect(model.problems.map((p) => [p.code, p.keyPath])).toEqual([
      ['invalid-redirect', 'redirects[0].source'],
      ['invalid-redirect', 'redirects[1].source'],
    ]);
  });
});

describe('redirect destinations that would run or open something', () => {
  it('leaves out javascript:, data: and file: destinations, any case or leading space, and keeps the others', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        redirects: [
          { source: '/a', destination: 'javascript:alert(1)' },
          { source: '/b', destination: ' JavaScript:alert(1)' },
          { source: '/c', destination: 'data:text/html,<script>alert(1)</script>' },
          { source: '/d', destination: 'file:///etc/passwd' },
          { source: '/e', destination: 'mailto:docs@example.com' },
          { source: '/f', destination: 'HTTPS://example.com/x' },
          { source: '/g', destination: 'guides/intro' },
        ],
      }),
      'index.mdx': '# Home\n',
    });
    const model = loadSiteProject(dir);
    expect(model.redirects.map((r) => r.source)).toEqual(['/e', '/f', '/g']);
    expect(model.problems.filter((p) => p.code === 'invalid-redirect').map((p) => p.keyPath)).toEqual([
      'redirects[0].destination',
      'redirects[1].destination',
      'redirects[2].destination',
      'redirects[3].destination',
    ]);
  });
});

describe('redirect sources that climb', () => {
  it('leaves out a source with a . or .. segment, written or percent-encoded: no request can match it, and its static page would be a file outside the bundle', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        redirects: [
          { source: '/../../../../escaped', destination: '/' },
          { source: 'a/%2e%2e/%2E%2E/escaped', destination: '/' },
          { source: '/a/./b', destination: '/' },
          { source: '/old/:slug*/../x', destination: '/' },
          { source: '/v1..2/ok', destination: '/' },
        ],
      }),
      'index.mdx': '# Home\n',
    });
    const model = loadSiteProject(dir);
    expect(model.redirects.map((rule) => rule.source)).toEqual(['/v1..2/ok']);
    expect(model.problems.map((p) => [p.code, p.keyPath])).toEqual(
      [0, 1, 2, 3].map((i) => ['invalid-redirect', `redirects[${i}].source`]),
    );
  });
});

describe('redirect sources that climb with backslashes', () => {
  it('leaves out a source with a . or .. segment between backslashes, written or %5c: browsers read a backslash as a slash, and on Windows its static page would be a file outside the bundle', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        redirects: [
          { source: '/a\\..\\..\\escaped', destination: '/' },
          { source: '/a%5c..%5C..%5cescaped', destination: '/' },
          { source: '/a\\%2e%2e/escaped', destination: '/' },
          { source: '/v1..2\\ok', destination: '/' },
        ],
      }),
      'index.mdx': '# Home\n',
    });
    const model = loadSiteProject(dir);
    expect(model.redirects.map((rule) => rule.source)).toEqual(['/v1..2\\ok']);
    expect(model.problems.map((p) => [p.code, p.keyPath])).toEqual(
      [0, 1, 2].map((i) => ['invalid-redirect', `redirects[${i}].source`]),
    );
  });
});
