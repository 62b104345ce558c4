/**
 * The egress check and large sections' shared sidebars, in real Chromium. A page draws its shared
 * sidebar's parts as they come near view, the whole tree only on demand (the theme's
 * client/sharedNav.ts); the check asks for the whole tree once per shared file and mode, on the first
 * page naming that file, whatever its depth (sharedNavFill.ts), and never on the others. Stand-in pages
 * play the theme's part: asked to fill (the `op-nav-fill` event, or `data-op-nav-fill` on the document
 * for a script that runs later), they load an image from outside, which the check blocks and records.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proveZeroEgress } from '../server/export/egress/prove.js';
import { sharedNavFileOf, sharedNavFillers } from '../server/export/egress/sharedNavFill.js';
import { silentLogger } from '../server/logger.js';
import { playwrightRenderBackend } from '../server/render/playwrightBackend.js';
import { tempDir } from './helpers/dataDirs.js';
import { needsChromium } from './helpers/needs.js';

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
  const dir = tempDir('offprint-egress-nav-');
  const fill =
    `const fill = () => { new Image().src = ${JSON.stringify(`${origin}/fill/`)} + location.pathname.split('/').pop(); };\n` +
    `if (document.documentElement.hasAttribute('data-op-nav-fill')) fill();\n` +
    `document.addEventListener('op-nav-fill', fill);\n`;
  const files: Record<string, string> = {
    ...Object.fromEntries(Object.entries(PAGES).map(([file, nav]) => [file, page(file, nav)])),
    'fill.js': fill,
    'site.css': 'body { margin: 0 }',
    '_assets/nav-one.js': '',
    '_assets/nav-two.js': '',
  };
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), body);
  }
  return dir;
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
});

needsChromium().describe('the egress check and shared sidebars', () => {
  let counter: Server;
  let hits: string[];
  let origin: string;

  beforeAll(async () => {
    hits = [];
    counter = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end();
    });
    await new Promise<void>((done) => counter.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(counter.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    counter?.closeAllConnections();
    await new Promise((done) => counter?.close(done));
  });

  it('draws each shared sidebar whole once per mode, on the first page naming it, and sees what it loads', async () => {
    const bundleDir = writeBundle(origin);
    const proof = await proveZeroEgress({
      bundleDir,
      files: [...Object.keys(PAGES), 'fill.js', 'site.css', '_assets/nav-one.js', '_assets/nav-two.js'],
      redirects: [],
      features: { search: false, feedback: null, analytics: null, apiPlayground: null, assistant: false },
      allowEgress: true,
      time: '2026-01-01T00:00:00.000Z',
      backend: playwrightRenderBackend(),
      concurrency: 2,
      signal: new AbortController().signal,
      logger: silentLogger(),
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
