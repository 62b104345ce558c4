/**
 * A docs site on its own loopback port: pages at their absolute paths, project files, the theme's and
 * the packages' assets, redirects, the 404 page, and re-imports switching builds on the same port.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../server/domain/organizations.js';
import { importSite } from '../server/domain/sites.js';
import { rawRequest } from './helpers/rawHttp.js';
import { SERVE_MINI, startSiteServe, type SiteServe } from './helpers/siteServe.js';
import { writeProject, docsJson } from './helpers/siteProjects.js';

let s: SiteServe;
beforeAll(async () => {
  s = await startSiteServe();
});
afterAll(async () => {
  await s.close();
});

async function html(path: string): Promise<{ status: number; doc: ReturnType<typeof parse>; res: Response }> {
  const res = await s.site(path);
  return { status: res.status, doc: parse(await res.text()), res };
}

describe('pages', () => {
  it('serves each page at its absolute path as a themed document with a self-only CSP', async () => {
    const home = await html('/');
    expect(home.status).toBe(200);
    expect(home.res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.doc.querySelector('title')?.text).toContain('Welcome to Minikit');
    // {{product}} from docs.json, the image at its root-relative path, the code block's feedback button.
    expect(home.doc.querySelector('.op-prose')?.text).toContain('Minikit helps you serve docs.');
    expect(home.doc.querySelector('.op-prose img')?.getAttribute('src')).toBe('/images/logo.png');
    expect(home.doc.querySelector('[data-op-code-feedback]')?.getAttribute('data-filename')).toBe('install.sh');
    const csp = home.res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(home.doc.querySelectorAll('script').every((el) => el.getAttribute('src')?.startsWith('/_offprint/'))).toBe(
      true,
    );

    const intro = await html('/guides/intro');
    expect(intro.status).toBe(200);
    expect(intro.doc.querySelector('#setup')?.text).toContain('Setup');
    expect(intro.doc.querySelector('.op-callout-tip')?.text).toContain('minikit doctor');
    const orphan = await html('/orphan');
    expect(orphan.status).toBe(200);
    expect(orphan.doc.querySelector('.op-prose')?.text).toContain('Reachable by URL only.');
  });

  it('renders a page that does not compile as an error box, not a server error', async () => {
    const broken = await html('/guides/broken');
    expect(broken.status).toBe(200);
    expect(broken.doc.querySelector('[data-op-render-error]')?.text).toContain('This page could not be rendered');
  });

  it('sends each page to its canonical URL: no trailing slash, / for index', async () => {
    for (const [path, location] of [
      ['/guides/intro/', '/guides/intro'],
      ['/index', '/'],
      ['/guides/intro/?q=1', '/guides/intro?q=1'],
    ]) {
      const res = await s.site(path ?? '');
      expect(res.status, path).toBe(308);
      expect(res.headers.get('location'), path).toBe(location);
    }
  });

  it('revalidates with ETag: an unchanged page is a 304', async () => {
    const first = await s.site('/guides/post-one');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"/);
    // Raw request: fetch() adds `Cache-Control: no-cache` to conditional requests, which forces a reload.
    const again = await rawRequest({
      port: s.port,
      path: '/guides/post-one',
      headers: { Host: `127.0.0.1:${s.port}`, 'If-None-Match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await s.site('/guides/intro', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('refuses other methods on pages with 405', async () => {
    const res = await s.site('/guides/intro', { method: 'PUT', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('project files', () => {
  it('serves images and files with their content types and validators', async () => {
    const png = await s.site('/images/logo.png');
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer())).toEqual(readFileSync(join(SERVE_MINI, 'images/logo.png')));
    const svg = await s.site('/images/logo.svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    // An SVG opened on its own must not run scripts on the site's origin.
    expect(svg.headers.get('content-security-policy')).toContain('sandbox');
    const pdf = await s.site('/files/sheet.pdf');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const etag = pdf.headers.get('etag') ?? '';
    const again = await rawRequest({
      port: s.port,
      path: '/files/sheet.pdf',
      headers: { Host: `127.0.0.1:${s.port}`, 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('does not serve sources, config or dotfiles', async () => {
    for (const path of ['/docs.json', '/index.mdx', '/snippets/tip.mdx', '/guides/intro.mdx']) {
      expect((await s.site(path)).status, path).toBe(404);
    }
    const secret = 'TOKEN=hunter2';
    writeFileSync(join(s.buildDir(), '.env.txt'), secret);
    const res = await s.site('/.env.txt');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(secret);
  });

  it('refuses every attempt to leave the build folder', async () => {
    const secret = 'the data dir secret';
    writeFileSync(join(s.buildDir(), '..', 'outside.txt'), secret);
    const attempts = [
      '/../outside.txt',
      '/images/../../outside.txt',
      '/%2e%2e/outside.txt',
      '/images/%2E%2E/%2e%2e/outside.txt',
      '/images%2f..%2f..%2foutside.txt',
      '/..%2foutside.txt',
      '/..%5coutside.txt',
      '/images/..%5c..%5coutside.txt',
      '/%2e%2e%2f%2e%2e%2f%2e%2e%2foffprint.db',
      '/images/logo.png%00.txt',
      '//outside.txt',
      '/%252e%252e/outside.txt',
    ];
    for (const path of attempts) {
      const res = await rawRequest({ port: s.port, path, headers: { Host: `127.0.0.1:${s.port}` } });
      expect([400, 404], path).toContain(res.status);
      expect(res.body, path).not.toContain(secret);
    }
  });
});

describe('assets under /_offprint/', () => {
  it('serves the KaTeX stylesheet and fonts and the Mermaid bundle from the installed packages', async () => {
    const css = await s.site('/_offprint/katex/katex.min.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const text = await css.text();
    const font = /url\(fonts\/([^)]+\.woff2)\)/.exec(text)?.[1];
    expect(font).toBeDefined();
    const woff2 = await s.site(`/_offprint/katex/fonts/${font ?? ''}`);
    expect(woff2.status).toBe(200);
    expect(woff2.headers.get('content-type')).toBe('font/woff2');
    const mermaid = await s.site('/_offprint/mermaid.min.js');
    expect(mermaid.status).toBe(200);
    expect(mermaid.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await mermaid.text()).length).toBeGreaterThan(100_000);
    // Nothing else of the packages is reachable.
    expect((await s.site('/_offprint/katex/katex.js')).status).toBe(404);
  });

  it('serves every script and stylesheet a page links to, from /_offprint/', async () => {
    const { doc } = await html('/guides/intro');
    const urls = [
      ...doc.querySelectorAll('script[src]').map((el) => el.getAttribute('src') ?? ''),
      ...doc.querySelectorAll('link[rel="stylesheet"]').map((el) => el.getAttribute('href') ?? ''),
    ];
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) {
      expect(url.startsWith('/_offprint/'), url).toBe(true);
      const res = await s.site(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/(css|javascript); charset=utf-8$/);
    }
  });

  it('serves the search index of the searchable pages only', async () => {
    const res = await s.site('/_offprint/search/manifest.json');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: 3, docs: 4 });
    const chunk = await s.site('/_offprint/search/d0.json');
    const index = (await chunk.json()) as { docs: { u: string; t: string; x: string }[] };
    expect(index.docs.map((d) => d.u).sort()).toEqual(['/', '/guides/broken', '/guides/intro', '/guides/post-one']);
    expect(index.docs.find((d) => d.u === '/guides/intro')?.x).toContain('Install it first.');
  });

  it('serves the per-site stylesheet with the docs.json colours', async () => {
    const res = await s.site('/_offprint/site.css');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('#2255AA');
  });
});

describe('redirects', () => {
  it('follows docs.json rules: 308 by default, 307 when not permanent, :slug* and prefix * wildcards', async () => {
    const cases: [string, number, string][] = [
      ['/old-intro', 308, '/guides/intro'],
      ['/beta/post-one', 307, '/guides/post-one'],
      ['/beta/deep/er', 307, '/guides/deep/er'],
      ['/beta', 307, '/guides'],
      ['/legacy/post-one', 308, '/guides/post-one'],
      ['/legacy/post-one?ref=x', 308, '/guides/post-one?ref=x'],
      ['/guides/moved', 308, '/guides/intro#setup'],
    ];
    for (const [path, status, location] of cases) {
      const res = await s.site(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('location'), path).toBe(location);
    }
  });
});

describe('404', () => {
  it('answers unknown pages with the themed 404 page and status 404', async () => {
    const res = await html('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.doc.querySelector('h1')?.text).toContain('Lost in the docs');
    expect(res.res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('answers unknown files with a JSON 404', async () => {
    const res = await s.site('/images/missing.png');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toContain('/images/missing.png');
  });

  it('redirects to a destination holding a line break or non-ASCII with it encoded, not a 500', async () => {
    const docs = docsJson({
      redirects: [
        { source: '/split', destination: '/b\r\nSet-Cookie: x=1' },
        { source: '/wide', destination: '/\u2028x' },
      ],
    });
    const other = await startSiteServe({ source: writeProject({ 'docs.json': docs, 'index.mdx': '# Home' }) });
    try {
      const split = await other.site('/split');
      expect(split.status).toBe(308);
      expect(split.headers.get('location')).toBe('/b%0D%0ASet-Cookie:%20x=1');
      expect(split.headers.get('set-cookie')).toBeNull();
      expect((await other.site('/wide')).headers.get('location')).toBe('/%E2%80%A8x');
    } finally {
      await other.close();
    }
  });

  it('sends unknown pages home when errors.404.redirect is left at its default', async () => {
    const other = await startSiteServe({ source: writeProject({ 'docs.json': docsJson(), 'index.mdx': '# Home' }) });
    try {
      const res = await other.site('/nowhere');
      expect(res.status).toBe(307);
      expect(res.headers.get('location')).toBe('/');
      expect((await other.site('/missing.png')).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('host check and re-import', () => {
  it('answers only its loopback names on its own port', async () => {
    const status = async (host: string): Promise<number> =>
      (await rawRequest({ port: s.port, path: '/', headers: { Host: host } })).status;
    expect(await status(`127.0.0.1:${s.port}`)).toBe(200);
    expect(await status(`localhost:${s.port}`)).toBe(200);
    expect(await status(`evil.example:${s.port}`)).toBe(403);
    expect(await status(`127.0.0.1:${s.port + 1}`)).toBe(403);
  });

  it('starts a listener for a project imported in this process when asked to refresh', async () => {
    const project = createProject(s.t.runtime, { orgId: s.t.orgId, name: 'Later', domain: 'later.localhost' });
    expect(s.sites.urlOf(project.id)).toBeNull();
    importSite(s.t.runtime, project.id, writeProject({ 'docs.json': docsJson(), 'index.mdx': '# Later home' }));
    const url = await s.sites.refresh(project.id);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+$/);
    expect(url).not.toBe(s.siteUrl);
    expect(s.sites.urls()).toEqual({ [s.projectId]: s.siteUrl, [project.id]: url });
    expect(await (await fetch(`${url ?? ''}/`)).text()).toContain('Later home');
  });

  it('serves a re-imported site on the same port at the next request', async () => {
    const before = await (await s.site('/guides/post-one')).text();
    expect(before).toContain('The first post.');
    const changed = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'guides/post-one'] } }),
      'index.mdx': '# Home',
      'guides/post-one.mdx': '---\ntitle: Post one\n---\n\nThe rewritten post.',
    });
    importSite(s.t.runtime, s.projectId, changed);
    const after = await (await s.site('/guides/post-one')).text();
    expect(after).toContain('The rewritten post.');
    expect((await s.site('/guides/intro')).status).toBe(307);
    importSite(s.t.runtime, s.projectId, SERVE_MINI);
    expect(await (await s.site('/guides/post-one')).text()).toContain('The first post.');
  });
});
