/**
 * The capture's checks, in real Chromium, on pages of a small HTTP server the test starts: a page that
 * refreshes to another URL, one that refreshes itself for ever, one that answers 500 or 404, and one
 * whose connection closes (Chromium's error page) each fail their capture; the page is tried again
 * (three attempts in all), then the run fails naming it, with nothing saved. A well-behaved page of
 * the same server is captured, so the failures are the pages' own.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ExportFailedError } from '../server/export/contract.js';
import { PAGE_ATTEMPTS } from '../server/export/render.js';
import { capturePages, startCaptureServer, type CaptureServer } from './helpers/captureServer.js';
import { countingBackend } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';

const TIMEOUTS = { navigationMs: 3_000, pageMs: 5_000 };
const AT = 'http://127\\.0\\.0\\.1:\\d+';

/** Each misbehaving page and the reason its failure must give. */
const FAILING: readonly { path: string; reason: RegExp }[] = [
  { path: '/extras/away', reason: new RegExp(`^the page left ${AT}/extras/away for ${AT}/elsewhere$`) },
  { path: '/extras/again', reason: new RegExp(`^the page left ${AT}/extras/again for ${AT}/extras/again$`) },
  { path: '/extras/broken', reason: /^the page answered HTTP 500$/ },
  { path: '/extras/missing', reason: /^the page answered HTTP 404$/ },
  { path: '/extras/reset', reason: /^navigation failed: net::ERR_EMPTY_RESPONSE$/ },
];

needsChromium().describe('capture checks', () => {
  let server: CaptureServer;

  beforeAll(async () => {
    server = await startCaptureServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('captures a page that stays where it was asked for', async () => {
    const counting = countingBackend();
    const { store, error } = await capturePages(server.origin, ['/ok'], counting.factory, TIMEOUTS);
    expect(error).toBeNull();
    expect(counting.navigations).toEqual(['/ok']);
    expect(store.html('/ok')).toContain('<h1>Fine</h1>');
  }, 30_000);

  for (const { path, reason } of FAILING) {
    it(`fails ${path} after ${PAGE_ATTEMPTS} attempts, naming it, and saves nothing`, async () => {
      const counting = countingBackend();
      // With one worker the run stops at the failure: /ok, after it in the queue, is never captured.
      const { store, error } = await capturePages(server.origin, [path, '/ok'], counting.factory, TIMEOUTS);
      expect(error).toBeInstanceOf(ExportFailedError);
      const failure = error as ExportFailedError;
      expect(failure.page).toBe(path);
      const prefix = `Page ${path} could not be rendered (${PAGE_ATTEMPTS} attempts): `;
      expect(failure.message.startsWith(prefix)).toBe(true);
      expect(failure.message.slice(prefix.length)).toMatch(reason);
      expect(counting.navigations).toEqual(Array.from({ length: PAGE_ATTEMPTS }, () => path));
      expect(store.has(path)).toBe(false);
      expect(store.has('/ok')).toBe(false);
    }, 60_000);
  }
});
