/**
 * The egress check and pages that go elsewhere on their own, in real Chromium: a redirect page is checked
 * where it stands (its destination inside the bundle is checked as a page of its own, not loaded again
 * behind it), a redirect out of the bundle is the reader following a link and not egress, and a page
 * whose script sends the reader somewhere else fails the check, naming the URL, without any of it
 * reaching that place.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { proveZeroEgress, type EgressCheckInput } from '../server/export/egress/prove.js';
import type { EgressProof } from '../server/export/egressProof.js';
import { silentLogger } from '../server/logger.js';
import { playwrightRenderBackend } from '../server/render/playwrightBackend.js';
import { tempDir } from './helpers/dataDirs.js';
import { needsChromium } from './helpers/needs.js';

/** A page of the bundle: its own script (no inline script runs under the bundle's policy) and an image. */
function page(title: string, script: string | null): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>` +
    (script === null ? '' : `<script src="${script}"></script>`) +
    `</head><body><h1>${title}</h1><img src="dot.svg" alt=""></body></html>`
  );
}

/** A redirect page as the export writes one (staticPages.ts): a refresh and a link. */
function redirectPage(destination: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>Redirecting</title>` +
    `<meta http-equiv="refresh" content="0; url=${destination}"></head>` +
    `<body><p>This page has moved to <a href="${destination}">${destination}</a>.</p></body></html>`
  );
}

needsChromium().describe('the egress check and pages that leave on their own', () => {
  let counter: Server;
  let hits: string[];
  let origin: string;
  let bundleDir: string;

  beforeAll(async () => {
    hits = [];
    counter = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('<p>outside</p>');
    });
    await new Promise<void>((done) => counter.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(counter.address() as AddressInfo).port}`;
    bundleDir = tempDir();
    const files: Record<string, string> = {
      'guide.html': page('Guide', null),
      'old/guide.html': redirectPage('../guide.html'),
      'moved-out.html': redirectPage(`${origin}/elsewhere`),
      'leaves.html': page('Leaves', 'leave.js'),
      'leave.js': `addEventListener('load', () => { location.href = ${JSON.stringify(`${origin}/taken`)}; });`,
      'dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
    };
    for (const [file, body] of Object.entries(files)) {
      mkdirSync(dirname(join(bundleDir, file)), { recursive: true });
      writeFileSync(join(bundleDir, file), body);
    }
  });

  afterAll(async () => {
    counter?.closeAllConnections();
    await new Promise((done) => counter?.close(done));
  });

  const check = (loaded: string[]): Promise<EgressProof> => {
    const input: EgressCheckInput = {
      bundleDir,
      files: ['guide.html', 'old/guide.html', 'moved-out.html', 'leaves.html', 'leave.js', 'dot.svg'],
      redirects: [
        { file: 'old/guide.html', destination: '../guide.html' },
        { file: 'moved-out.html', destination: `${origin}/elsewhere` },
      ],
      features: { search: false, feedback: null, analytics: null, apiPlayground: null, assistant: false },
      allowEgress: true,
      time: '2026-01-01T00:00:00.000Z',
      backend: playwrightRenderBackend(),
      concurrency: 1,
      signal: new AbortController().signal,
      logger: silentLogger(),
      onPage: (file) => loaded.push(file),
    };
    return proveZeroEgress(input);
  };

  it('checks every page both ways, a redirect out of the bundle is no failure, a script taking the reader out is', async () => {
    const loaded: string[] = [];
    const proof = await check(loaded);
    expect(proof.pagesChecked).toBe(4);
    expect(loaded.sort()).toEqual(
      ['guide.html', 'leaves.html', 'moved-out.html', 'old/guide.html'].flatMap((file) => [file, file]),
    );
    expect(proof.failures).toEqual([{ page: 'leaves.html', kind: 'http', url: `${origin}/taken` }]);
    // Once from disk, once over HTTP: the navigation was stopped both times.
    expect(proof.requests['http']).toBe(2);
    expect(proof.blocked).toBe(2);
  }, 60_000);

  it('let nothing reach the places the pages went to', () => {
    expect(hits).toEqual([]);
  });
});
