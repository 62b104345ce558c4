/**
 * Proof of zero egress in real Chromium: after assembly every page of the bundle is opened from file://
 * and from a throwaway static server with every request outside the bundle blocked and counted. A page
 * whose script calls out in every way (fetch, an injected image, a WebSocket, a preconnect hint, a WebRTC
 * peer, a service worker, and a fetch made only once a tab is clicked) fails the export naming each; with
 * `allowEgress` the export completes and its signed manifest lists them as the proof's failures. Nothing
 * reaches the loopback server the page calls. A clean bundle carries a proof of every page opened both
 * ways with nothing blocked.
 *
 * The script comes with the browser (an init script of every target), not with the bundle (a project
 * script the `allowedScripts` setting names is carried into every page: export-project-scripts.browser.test.ts):
 * to the check a script is a script, whoever put it in the page; it runs under the page's policy.
 */
import AdmZip from 'adm-zip';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ExportFailedError } from '../server/export/contract.js';
import { exportWarnings } from '../server/jobs/warnings.js';
import type { EgressProof } from '../server/export/egressProof.js';
import type { CdpTarget, RenderBackendFactory } from '../server/render/cdp.js';
import { BrowserUrlSchema } from '../server/render/endpoints.js';
import { playwrightRenderBackend, remoteRenderBackend } from '../server/render/playwrightBackend.js';
import { tempDir } from './helpers/dataDirs.js';
import {
  AIR_GAPPED,
  exportFixture,
  exportOnce,
  FIXED_EXPORT_TIME,
  importExportFixture,
  type ExportSiteFixture,
} from './helpers/exportRun.js';
import { startOutside, type Outside } from './helpers/egressStandIn.js';
import { needsChromium } from './helpers/needs.js';
import { cdpChromium } from './helpers/remoteBrowsers.js';

/** The page that calls out, with a tab group (one call waits for a click on a tab). */
const EGRESS_PAGE = [
  '---',
  'title: Calls out',
  '---',
  '',
  '<Tabs>',
  '  <Tab title="First">First tab.</Tab>',
  '  <Tab title="Second">Second tab.</Tab>',
  '</Tabs>',
  '',
].join('\n');

/**
 * The page's script: on the egress page only, and not while the export captures the page (the capture
 * has its own blocking; this is about what the bundle does), it tries every way out once the document is
 * parsed (by then the capture would have flagged itself).
 */
function egressScript(origin: string): string {
  return `(() => {
  if (!/egress/.test(location.pathname)) return;
  const out = ${JSON.stringify(origin)};
  const run = () => {
    if (window.__offprintCapture === true) return;
    fetch(out + '/fetch').catch(() => undefined);
    const img = document.createElement('img');
    img.src = 'https://images.example.invalid/pixel.png';
    document.body.append(img);
    try { new WebSocket(out.replace('http:', 'ws:') + '/socket'); } catch (e) {}
    const hint = document.createElement('link');
    hint.rel = 'preconnect';
    hint.href = 'https://preconnect.example.invalid/';
    document.head.append(hint);
    try { new RTCPeerConnection({ iceServers: [{ urls: 'stun:stun.example.invalid:3478' }] }); } catch (e) {}
    if (navigator.serviceWorker) navigator.serviceWorker.register('sw.js').catch(() => undefined);
    document.addEventListener('click', (event) => {
      if (event.target.closest && event.target.closest('[data-op-tab]')) fetch(out + '/after-tab').catch(() => undefined);
    });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run);
  else run();
})();
`;
}

const PATHS = ['/extras/egress', '/guides/intro'];

/**
 * What a broken theme would do, on the `broken` page of the bundle only: load an image the bundle lacks
 * (a URL made at run time, which no static check of the HTML sees), log an error and throw one.
 */
const BROKEN_SCRIPT = `(() => {
  if (!/broken/.test(location.pathname) || window.__offprintCapture === true) return;
  document.addEventListener('DOMContentLoaded', () => {
    const img = new Image();
    img.src = ['not', 'in', 'bundle'].join('-') + '.png';
    document.body.append(img);
    console.error('the theme broke', 42);
    setTimeout(() => { throw new Error('thrown by the page'); });
  });
})();
`;

/** Chromium (`real`) whose every page runs `script` first (before the page's own scripts). */
function scriptedBackend(script: string, real: RenderBackendFactory = playwrightRenderBackend()): RenderBackendFactory {
  return async () => {
    const backend = await real();
    return {
      name: backend.name,
      newTarget: async (): Promise<CdpTarget> => {
        const target = await backend.newTarget();
        await target.send('Page.addScriptToEvaluateOnNewDocument', { source: script });
        return target;
      },
      isConnected: () => backend.isConnected(),
      close: () => backend.close(),
    };
  };
}

needsChromium().describe('proof of zero egress on every export', () => {
  let outside: Outside;
  let hits: string[];
  let origin: string;
  let site: ExportSiteFixture;
  let backend: RenderBackendFactory;

  beforeAll(async () => {
    outside = await startOutside('ok');
    ({ hits, origin } = outside);
    site = await importExportFixture(exportFixture({ 'extras/egress.mdx': EGRESS_PAGE }));
    backend = scriptedBackend(egressScript(origin));
  }, 60_000);

  afterAll(async () => {
    site?.rt.close();
    await outside?.close();
  });

  const expected = (): { kind: string; url: string }[] => [
    { kind: 'http', url: `${origin}/fetch` },
    { kind: 'http', url: 'https://images.example.invalid/pixel.png' },
    { kind: 'http', url: `${origin}/after-tab` },
    { kind: 'websocket', url: `${origin.replace('http:', 'ws:')}/socket` },
    { kind: 'preconnect', url: 'https://preconnect.example.invalid/' },
    { kind: 'webrtc', url: 'stun:stun.example.invalid:3478' },
    // A worker script of the bundle is named by its bundle path, whether opened from disk or over HTTP.
    { kind: 'service-worker', url: 'extras/sw.js' },
  ];

  it('fails the export naming every request outside the bundle, by page and kind', async () => {
    const outFile = join(tempDir('offprint-egress-'), 'bundle.zip');
    const error = await exportOnce(site, { options: { ...AIR_GAPPED, paths: PATHS }, outFile, backend }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExportFailedError);
    const { message, page } = error as ExportFailedError;
    expect(page).toBe('extras/egress.html');
    for (const { kind, url } of expected()) expect(message).toContain(`extras/egress.html: ${kind} ${url}`);
    expect(message).toMatch(/^The bundle makes 7 requests outside itself/);
    expect(message).not.toContain('guides/intro.html');
    expect(existsSync(outFile)).toBe(false);
  }, 120_000);

  it('with allowEgress, completes and lists them in the signed manifest and the warnings', async () => {
    const { outFile, result } = await exportOnce(site, {
      options: { ...AIR_GAPPED, paths: PATHS, allowEgress: true },
      backend,
    });
    const manifest = JSON.parse(new AdmZip(outFile).readAsText('manifest.json')) as { egressProof: EgressProof };
    const proof = manifest.egressProof;
    expect(proof.modes).toEqual(['file', 'http']);
    expect(proof.time).toBe(FIXED_EXPORT_TIME);
    expect(proof.chromiumVersion).toMatch(/^(Headless)?Chrome\/\d+\./);
    const pages = new AdmZip(outFile).getEntries().filter((e) => e.entryName.endsWith('.html'));
    expect(proof.pagesChecked).toBe(pages.length);
    for (const failure of expected()) expect(proof.failures).toContainEqual({ page: 'extras/egress.html', ...failure });
    expect(proof.failures.every((f) => f.page === 'extras/egress.html')).toBe(true);
    // Seen from file:// and over HTTP: each at least twice; all but the hint were stopped.
    for (const kind of ['http', 'websocket', 'preconnect', 'webrtc', 'service-worker']) {
      expect(proof.requests[kind], kind).toBeGreaterThanOrEqual(2);
    }
    const total = Object.values(proof.requests).reduce((a, b) => a + b, 0);
    expect(proof.blocked).toBe(total - (proof.requests['preconnect'] ?? 0));
    expect(result.egressFailures).toEqual(proof.failures);
  }, 120_000);

  it('checks over HTTP only in a browser elsewhere (served through CDP), and still sees every way out', async () => {
    // Like a pod on another machine, this Chromium has no route to Offprint's loopback.
    const remote = await cdpChromium();
    try {
      const { outFile } = await exportOnce(site, {
        options: { ...AIR_GAPPED, paths: PATHS, allowEgress: true },
        backend: scriptedBackend(egressScript(origin), remoteRenderBackend(BrowserUrlSchema.parse(remote.url))),
      });
      const zip = new AdmZip(outFile);
      const proof = (JSON.parse(zip.readAsText('manifest.json')) as { egressProof: EgressProof }).egressProof;
      expect(proof.modes).toEqual(['http']);
      expect(proof.pagesChecked).toBe(zip.getEntries().filter((e) => e.entryName.endsWith('.html')).length);
      for (const failure of expected())
        expect(proof.failures).toContainEqual({ page: 'extras/egress.html', ...failure });
    } finally {
      await remote.kill();
    }
  }, 120_000);

  it('lists what goes wrong inside the bundle (a file missing, a script error) by page and mode, and completes', async () => {
    const broken = await importExportFixture(
      exportFixture({ 'extras/broken.mdx': '---\ntitle: Broken\n---\n\nText.\n' }),
    );
    try {
      const { outFile, result } = await exportOnce(broken, {
        options: { ...AIR_GAPPED, paths: ['/extras/broken', '/guides/intro'] },
        backend: scriptedBackend(BROKEN_SCRIPT),
      });
      const proof = (JSON.parse(new AdmZip(outFile).readAsText('manifest.json')) as { egressProof: EgressProof })
        .egressProof;
      expect(proof.failures).toEqual([]);
      const errors = proof.pageErrors ?? [];
      for (const [mode, reason] of [
        ['file', 'net::ERR_FILE_NOT_FOUND'],
        ['http', 'HTTP 404'],
      ] as const) {
        const page = 'extras/broken.html';
        expect(errors).toContainEqual({
          page,
          mode,
          kind: 'missing-file',
          detail: `extras/not-in-bundle.png (${reason})`,
        });
        expect(errors).toContainEqual({ page, mode, kind: 'script-error', detail: 'the theme broke 42' });
        const thrown = errors.filter((e) => e.mode === mode && e.detail.startsWith('Error: thrown by the page'));
        expect(thrown).toHaveLength(1);
        // Bundle-relative like the rest of the proof: no work folder, no throwaway port.
        expect(thrown[0]?.detail).not.toMatch(/file:|127\.0\.0\.1/);
        // One line: the stack's frames follow the message on it.
        expect(thrown[0]?.detail).not.toContain('\n');
      }
      expect(errors.every((e) => e.page === 'extras/broken.html')).toBe(true);
      expect(result.egressPageErrors).toEqual(errors);
      const warnings = exportWarnings(result);
      expect(warnings).toContainEqual({
        code: 'missing-file',
        page: '/extras/broken',
        message: 'opened from disk, it could not load extras/not-in-bundle.png (net::ERR_FILE_NOT_FOUND)',
      });
      expect(warnings).toContainEqual({
        code: 'page-error',
        page: '/extras/broken',
        message: 'opened from a static server, a script failed: the theme broke 42',
      });
    } finally {
      broken.rt.close();
    }
  }, 120_000);

  it('let nothing reach the server the page called', () => {
    expect(hits).toEqual([]);
  });

  it('gives a clean bundle a proof of every page, both ways, nothing blocked', async () => {
    const clean = await importExportFixture(exportFixture());
    try {
      const { outFile } = await exportOnce(clean);
      const zip = new AdmZip(outFile);
      const proof = (JSON.parse(zip.readAsText('manifest.json')) as { egressProof: EgressProof }).egressProof;
      const pages = zip.getEntries().filter((e) => e.entryName.endsWith('.html')).length;
      expect(pages).toBeGreaterThan(10);
      expect(proof).toMatchObject({
        pagesChecked: pages,
        modes: ['file', 'http'],
        blocked: 0,
        failures: [],
        pageErrors: [],
      });
      expect(Object.values(proof.requests).every((n) => n === 0)).toBe(true);
    } finally {
      clean.rt.close();
    }
  }, 120_000);
});
