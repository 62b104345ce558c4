/**
 * The egress check and large sections' shared sidebars, in real Chromium. A page draws its shared
 * sidebar's parts as they come near view, the whole tree only on demand (the theme's
 * client/sharedNav.ts); the check asks for the whole tree once per shared file and mode, on the first
 * page naming that file, whatever its depth (sharedNavFill.ts), and never on the others. Stand-in pages
 * play the theme's part: asked to fill (the `op-nav-fill` event, or `data-op-nav-fill` on the document
 * for a script that runs later), they load an image from outside, which the check blocks and records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headReader, sharedNavFileOf, sharedNavFillers } from '../server/export/egress/sharedNavFill.js';
import { checkStandInBundle, startOutside, type Outside } from './helpers/egressStandIn.js';
import { needsChromium } from './helpers/needs.js';
import { writeProject } from './helpers/siteProjects.js';

/** A stand-in page at `file` naming shared sidebar `nav` (bundle-relative; none: no shared sidebar). */
function page(file: string, nav: string | null): string {
  const up = '../'.repeat(file.split('/').length - 1);
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${file}</title>` +
    (nav === null ? '' : `<link rel="stylesheet" href="${up}site.css"><link rel="op-nav" href="${up}${nav}">`) +
    `<script src="${up}fill.js" defer></script></head><body><h1>${file}</h1></body></html>`
  );
}

const PAGES: Record<string, string | null> = {
  'index.html': '_assets/nav-one.js',
  'deep/er/b.html': '_assets/nav-one.js',
  'c.html': null,
  'deep/d.html': '_assets/nav-two.js',
  'e.html': '_assets/nav-two.js',
};

function writeBundle(origin: string): string {
  const fill =
    `const fill = () => { new Image().src = ${JSON.stringify(`${origin}/fill/`)} + location.pathname.split('/').pop(); };\n` +
    `if (document.documentElement.hasAttribute('data-op-nav-fill')) fill();\n` +
    `document.addEventListener('op-nav-fill', fill);\n`;
  return writeProject({
    ...Object.fromEntries(Object.entries(PAGES).map(([file, nav]) => [file, page(file, nav)])),
    'fill.js': fill,
    'site.css': 'body { margin: 0 }',
    '_assets/nav-one.js': '',
    '_assets/nav-two.js': '',
  });
}

describe('which pages draw a shared sidebar whole', () => {
  it('names the file each page links, resolved from its folder, and picks the first page of each', () => {
    const dir = writeBundle('http://127.0.0.1:9');
    expect(Object.keys(PAGES).map((file) => sharedNavFileOf(dir, file))).toEqual(Object.values(PAGES));
    expect([...sharedNavFillers(dir, Object.keys(PAGES))]).toEqual(['index.html', 'deep/d.html']);
    expect([...sharedNavFillers(dir, ['e.html', 'deep/er/b.html', 'deep/d.html'])]).toEqual([
      'e.html',
      'deep/er/b.html',
    ]);
  });

  it('reads each head to its end with one reader, however long, whatever came before', () => {
    // 64 KB reads: this head's `</head>` straddles the first two (bytes 65,530-65,536), a megabyte of body follows.
    const start = '<!doctype html><html><head><link rel="op-nav" href="n.js"><title>';
    const straddling = `${start}${'t'.repeat(65_530 - start.length - 8)}</title></head>`;
    const dir = writeProject({
      'long.html': `${straddling}<body>${'b'.repeat(1 << 20)}</body></html>`,
      'short.html': '<html><head><title>s</title></head><body>short</body></html>',
      'headless.html': 'no head at all',
    });
    const readHead = headReader();
    const long = readHead(`${dir}/long.html`);
    expect(long.startsWith(straddling)).toBe(true);
    expect(long.length).toBeLessThanOrEqual(128 * 1024);
    expect(readHead(`${dir}/short.html`)).toBe('<html><head><title>s</title></head><body>short</body></html>');
    expect(readHead(`${dir}/headless.html`)).toBe('no head at all');
    expect(sharedNavFileOf(dir, 'long.html', readHead)).toBe('n.js');
  });
});

needsChromium().describe('the egress check and shared sidebars', () => {
  let outside: Outside;
  let hits: string[];
  let origin: string;

  beforeAll(async () => {
    outside = await startOutside();
    ({ hits, origin } = outside);
  });

  afterAll(() => outside?.close());

  it('draws each shared sidebar whole once per mode, on the first page naming it, and sees what it loads', async () => {
    const proof = await checkStandInBundle({
      bundleDir: writeBundle(origin),
      files: [...Object.keys(PAGES), 'fill.js', 'site.css', '_assets/nav-one.js', '_assets/nav-two.js'],
      concurrency: 2,
    });
    expect(proof.pagesChecked).toBe(5);
    expect(proof.failures.map((f) => `${f.page} ${f.url}`)).toEqual([
      `deep/d.html ${origin}/fill/d.html`,
      `index.html ${origin}/fill/index.html`,
    ]);
    // From disk and over HTTP: each drawn twice, and every request stopped.
    expect(proof.blocked).toBe(4);
    expect(hits).toEqual([]);
  }, 60_000);
});
