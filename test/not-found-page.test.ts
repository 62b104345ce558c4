/**
 * A bundle's 404 page answered below its folder (server/export/notFoundPage.ts): which page a miss gets
 * (its language's, by the longest URL prefix), how deep the URL is, and the page re-based so that each of
 * its references names the same bundle file from there, and nothing else changes.
 */
import { describe, expect, it } from 'vitest';
import {
  notFoundFileFor,
  notFoundPagesOf,
  RebasedNotFoundPages,
  notFoundRebaseDepth,
  rebaseDocument,
  servedInPlace,
  urlFolderDepth,
} from '../server/export/notFoundPage.js';

const PAGE = [
  '<!doctype html><html lang="fr"><head>',
  '<link rel="stylesheet" href="../_assets/theme.1234abcd.css">',
  '<script src="../_assets/theme.1234abcd.js" defer></script>',
  '</head><body>',
  '<a href="#op-content">Skip</a>',
  '<a href="index.html">Accueil</a>',
  '<a href="guide/install.html#linux">Installer</a>',
  '<a href="../index.html?x=1">Home</a>',
  '<a href="https://example.com/x">Out</a><a href="mailto:a@b.c">Mail</a><a href="/abs">Abs</a>',
  '<img src="data:image/png;base64,AAAA" srcset="../_assets/a.png 1x, ../_assets/b.png 2x">',
  '<div style="background: url(\'../_assets/bg.svg\')"></div>',
  '</body></html>',
].join('');

/** Where each reference of `html`, served at `url`, leads (as a browser resolves it). */
function targets(html: string, url: string): string[] {
  const refs = [
    ...html.replace(/&quot;/g, "'").matchAll(/(?:href|src)="([^"]*)"|srcset="([^"]*)"|url\('([^']*)'\)/g),
  ].flatMap((m) =>
    m[2] !== undefined ? m[2].split(',').map((part) => part.trim().split(' ')[0] ?? '') : [m[1] ?? m[3] ?? ''],
  );
  return refs.map((ref) => new URL(ref.replace(/&amp;/g, '&'), url).href);
}

describe('the 404 page a miss gets', () => {
  const has = (files: string[]) => (file: string) => files.includes(file);
  const pages = [
    { prefix: '/fr/', file: 'fr/404.html' },
    { prefix: '/fr/ca/', file: 'fr/ca/404.html' },
  ];

  it('is the page of the language the URL is under (longest prefix, any case), else 404.html', () => {
    const all = has(['404.html', 'fr/404.html', 'fr/ca/404.html']);
    expect(notFoundFileFor('/fr/gone', pages, all)).toBe('fr/404.html');
    expect(notFoundFileFor('/FR/a/b', pages, all)).toBe('fr/404.html');
    expect(notFoundFileFor('/fr', pages, all)).toBe('fr/404.html');
    expect(notFoundFileFor('/fr/ca/x', pages, all)).toBe('fr/ca/404.html');
    expect(notFoundFileFor('/french/x', pages, all)).toBe('404.html');
    expect(notFoundFileFor('/guides/x', pages, all)).toBe('404.html');
    expect(notFoundFileFor('/%E0%A4%A', pages, all)).toBe('404.html');
  });

  it('is never a file the bundle lacks: a missing language page falls back, and no 404.html is null', () => {
    expect(notFoundFileFor('/fr/ca/x', pages, has(['404.html', 'fr/404.html']))).toBe('fr/404.html');
    expect(notFoundFileFor('/fr/x', pages, has(['404.html']))).toBe('404.html');
    expect(notFoundFileFor('/fr/x', pages, has([]))).toBeNull();
  });

  it("is named by the manifest's notFoundPages; a manifest without them, or no manifest, names none", () => {
    expect(notFoundPagesOf(JSON.stringify({ format: 2, notFoundPages: pages }))).toEqual(pages);
    expect(notFoundPagesOf(JSON.stringify({ format: 2 }))).toEqual([]);
    expect(notFoundPagesOf(JSON.stringify({ notFoundPages: [{ prefix: 1 }] }))).toEqual([]);
    expect(notFoundPagesOf('{not json')).toEqual([]);
    expect(notFoundPagesOf(null)).toEqual([]);
  });
});

describe('a 404 page re-based for the URL that missed', () => {
  it('counts the folders a browser resolves from', () => {
    expect(urlFolderDepth('/')).toBe(0);
    expect(urlFolderDepth('/gone')).toBe(0);
    expect(urlFolderDepth('/fr/gone')).toBe(1);
    expect(urlFolderDepth('/fr/a/b/')).toBe(3);
    expect(urlFolderDepth('/a%2Fb/c')).toBe(1);
  });

  it('leads every reference to the same bundle file from any depth; the rest is left as written', () => {
    const own = targets(PAGE, 'http://h/fr/404.html');
    for (const url of ['http://h/fr/gone', 'http://h/fr/a/b/c/gone', 'http://h/gone', 'http://h/x/']) {
      const depth = urlFolderDepth(new URL(url).pathname);
      const rebased = rebaseDocument(PAGE, 'fr/404.html', depth);
      const expected = own.map((href) => (href.startsWith('http://h/fr/404.html#') ? url + href.slice(20) : href));
      expect(targets(rebased, url), url).toEqual(expected);
      expect(rebased).toContain('<a href="https://example.com/x">Out</a><a href="mailto:a@b.c">Mail</a>');
      expect(rebased).toContain('src="data:image/png;base64,AAAA"');
      expect(rebased).toContain('<a href="#op-content">Skip</a>');
    }
  });

  it("is needed unless the URL is in the page's own folder (as written: static hosts tell case apart)", () => {
    expect(servedInPlace('404.html', '/gone')).toBe(true);
    expect(servedInPlace('fr/404.html', '/fr/gone')).toBe(true);
    expect(servedInPlace('fr/404.html', '/FR/gone')).toBe(false);
    expect(servedInPlace('fr/404.html', '/fr/a/gone')).toBe(false);
    expect(servedInPlace('404.html', '/a/gone')).toBe(false);
    expect(servedInPlace('zh hans/404.html', '/zh%20hans/gone')).toBe(true);
    expect(notFoundRebaseDepth('404.html', '/gone')).toBeNull();
    expect(notFoundRebaseDepth('fr/404.html', '/FR/a/gone')).toBe(2);
    // A URL deeper than any link goes (the client picks the depth, and each level lengthens every reference).
    expect(notFoundRebaseDepth('404.html', `/${'a/'.repeat(64)}gone`)).toBe(64);
    expect(notFoundRebaseDepth('404.html', `/${'a/'.repeat(65)}gone`)).toBeNull();
  });

  it('is made once per file and depth, and a failed read is tried again', async () => {
    let reads = 0;
    let fail = true;
    const pages = new RebasedNotFoundPages((file) => {
      reads += 1;
      if (fail) return Promise.reject(new Error(`cannot read ${file}`));
      return Promise.resolve(PAGE);
    });
    await expect(pages.body('fr/404.html', 3)).rejects.toThrow('cannot read fr/404.html');
    fail = false;
    const first = await pages.body('fr/404.html', 3);
    expect(first.toString()).toContain('href="../../../_assets/theme.1234abcd.css"');
    expect(await pages.body('fr/404.html', 3)).toBe(first);
    expect(reads).toBe(2);
  });
});
