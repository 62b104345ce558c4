/**
 * verify.html in real Chromium on a small signed bundle made by hand: over HTTP with `crypto.subtle`
 * removed (the built-in SHA-256 and Ed25519 decide) and with WebCrypto; from file://, where the reader
 * chooses the bundle folder; and red, naming the file or the cause, for a changed byte, a truncated
 * copy, a missing or extra file, a fingerprint typed for another key, and an altered manifest.js.
 */
import { readFileSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium, type Browser, type Page } from '../server/render/chromium.js';
import { VERIFY_PAGE_CSP } from '../server/export/verifyPage/index.js';
import { fingerprintOf } from '../server/signing/ed25519.js';
import { needsChromium } from './helpers/needs.js';
import {
  copyBundle,
  flipByte,
  manifestScript,
  serveFolder,
  writeSignedBundle,
  zip64Bundle,
  zipBundle,
  type SignedBundle,
} from './helpers/verifyBundle.js';

const guard = needsChromium();

/** Makes the page see no WebCrypto, as on a plain-HTTP intranet origin. */
const NO_SUBTLE = "Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined, configurable: true });";

interface Receipt {
  readonly verdict: string;
  readonly text: string;
  /** Requests to anything but the bundle's origin (its folder, from file://). */
  readonly outside: string[];
  /** Console errors and uncaught exceptions (CSP refusals among them). */
  readonly errors: string[];
}

guard.describe('verify.html', () => {
  let browser: Browser;
  let bundle: SignedBundle;
  const servers: Server[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    bundle = writeSignedBundle();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser.close();
    for (const server of servers) server.close();
    for (const dir of [bundle.dir, ...dirs]) rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  async function served(dir: string, headers: Record<string, string> = {}): Promise<string> {
    const { url, server } = await serveFolder(dir, headers);
    servers.push(server);
    return `${url}/verify.html`;
  }

  function damagedCopy(damage: (dir: string) => void): string {
    const dir = copyBundle(bundle);
    dirs.push(dir);
    damage(dir);
    return dir;
  }

  /** Opens the page (and chooses `folder` when it asks for one); resolves with the receipt. */
  async function check(
    url: string,
    options: { subtle: boolean; folder?: string; zip?: string; typed?: string },
  ): Promise<Receipt> {
    const context = await browser.newContext();
    if (!options.subtle) await context.addInitScript(NO_SUBTLE);
    const page = await context.newPage();
    const outside: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const origin = new URL(url).origin;
    page.on('request', (request) => {
      const target = request.url();
      if (url.startsWith('file:') ? !target.startsWith('file:') : new URL(target).origin !== origin)
        outside.push(target);
    });
    try {
      await page.goto(url);
      if (options.folder !== undefined) {
        await page.locator('#folder').waitFor({ state: 'visible' });
        await page.locator('#folder').setInputFiles(options.folder);
      }
      if (options.zip !== undefined) await page.locator('#zip').setInputFiles(options.zip);
      await page.locator('html[data-verdict]').waitFor({ state: 'attached', timeout: 20_000 });
      if (options.typed !== undefined) await page.locator('#fp').fill(options.typed);
      return { verdict: await verdictOf(page), text: await page.locator('#receipt').innerText(), outside, errors };
    } finally {
      await context.close();
    }
  }

  const verdictOf = (page: Page): Promise<string> => page.locator('#verdict').innerText();

  guard.it('is green over HTTP with no WebCrypto, and asks for nothing outside the bundle', async () => {
    const receipt = await check(await served(bundle.dir), { subtle: false });
    expect(receipt.verdict).toBe('Verified');
    expect(receipt.text).toContain(`Signed by\n${bundle.key.fingerprint}`);
    expect(receipt.text).toContain('7 of 7 files match');
    expect(receipt.text).toContain('built-in JavaScript');
    expect(receipt.text).toContain('Checked only against the key the bundle names itself');
    expect(receipt.text).toContain('2026-11-25 09:30:00 UTC');
    expect(receipt.text).toMatch(/3 pages opened \(file and http\).*none was made/);
    expect(receipt.outside).toEqual([]);
    expect(receipt.errors).toEqual([]);
  });

  guard.it('is green over HTTP with WebCrypto, also under its own policy sent as a header', async () => {
    const url = await served(bundle.dir, { 'Content-Security-Policy': VERIFY_PAGE_CSP });
    const receipt = await check(url, { subtle: true });
    expect(receipt.verdict).toBe('Verified');
    expect(receipt.text).toContain('signature: WebCrypto; file hashes: WebCrypto');
    expect(receipt.errors).toEqual([]);
  });

  guard.it('names a page with one byte changed, over HTTP', async () => {
    const dir = damagedCopy((d) => flipByte(d, 'guides/intro.html'));
    const receipt = await check(await served(dir), { subtle: false });
    expect(receipt.verdict).toBe(
      'Not verified: guides/intro.html was changed: its SHA-256 differs from the signed one',
    );
  });

  guard.it('names a missing file over HTTP, with a percent-encoded name', async () => {
    const dir = damagedCopy((d) => unlinkSync(join(d, 'guides', 'caf\u00e9 & more.html')));
    const receipt = await check(await served(dir), { subtle: false });
    expect(receipt.verdict).toBe('Not verified: guides/caf\u00e9 & more.html is missing');
  });

  guard.it('is green from file:// once the bundle folder is chosen', async () => {
    const url = pathToFileURL(join(bundle.dir, 'verify.html')).href;
    const receipt = await check(url, { subtle: false, folder: bundle.dir });
    expect(receipt.verdict).toBe('Verified');
    expect(receipt.text).toContain('7 of 7 files match');
    expect(receipt.text).toContain('the folder you chose (bundle)');
    expect(receipt.outside).toEqual([]);
    expect(receipt.errors).toEqual([]);
  });

  guard.it('catches a truncated copy from file://, naming the file', async () => {
    const dir = damagedCopy((d) => truncateSync(join(d, 'assets', 'video.bin'), 3 * 2 ** 20));
    const receipt = await check(pathToFileURL(join(dir, 'verify.html')).href, { subtle: true, folder: dir });
    expect(receipt.verdict).toBe(
      `Not verified: assets/video.bin is cut short: 3,145,728 of its ${(5 * 2 ** 20 + 123).toLocaleString('en-US')} bytes`,
    );
  });

  guard.it('is green from file:// for the bundle zip (ZIP64 too), and names what a damaged zip breaks', async () => {
    const url = pathToFileURL(join(bundle.dir, 'verify.html')).href;
    const zipFile = await zipBundle(bundle.dir);
    const good = await check(url, { subtle: false, zip: zipFile });
    expect(good.verdict).toBe('Verified');
    expect(good.text).toContain('7 of 7 files match');
    expect(good.text).toContain('the zip you chose (bundle.zip)');
    expect(good.errors).toEqual([]);

    const zip64 = await check(url, { subtle: false, zip: await zip64Bundle(bundle.dir) });
    expect(zip64.verdict).toBe('Verified');

    const bytes = readFileSync(zipFile);
    const cut = damagedCopy((d) => writeFileSync(join(d, '..', 'bundle.zip'), bytes.subarray(0, bytes.length >> 1)));
    const short = await check(url, { subtle: true, zip: join(cut, '..', 'bundle.zip') });
    expect(short.verdict).toBe(
      'Not verified: bundle.zip cannot be read as a zip: no zip directory at its end (the file is cut short, or not a zip)',
    );

    // A byte in the middle of the (incompressible, so stored as is inside deflate) video's data.
    const name = Buffer.from('assets/video.bin');
    const at = bytes.indexOf(name) + name.length + 2 ** 20;
    const flipped = Buffer.from(bytes);
    flipped[at] = (flipped[at] ?? 0) ^ 0x01;
    const tampered = damagedCopy((d) => writeFileSync(join(d, '..', 'bundle.zip'), flipped));
    const changed = await check(url, { subtle: true, zip: join(tampered, '..', 'bundle.zip') });
    expect(changed.verdict).toMatch(/^Not verified: assets\/video\.bin (was changed|could not be read)/);
  });

  guard.it('names an extra file in the chosen folder, ignoring system files', async () => {
    const dir = damagedCopy((d) => {
      writeFileSync(join(d, 'guides', 'evil.html'), '<p>not signed</p>');
      writeFileSync(join(d, '.DS_Store'), 'finder');
    });
    const receipt = await check(pathToFileURL(join(dir, 'verify.html')).href, { subtle: true, folder: dir });
    expect(receipt.verdict).toBe('Not verified: guides/evil.html is not part of the signed bundle (an extra file)');
    expect(receipt.text).toContain('1 system file (like .DS_Store) ignored');
  });

  guard.it('is red for a fingerprint typed for another key, green for the right one however typed', async () => {
    const url = await served(bundle.dir);
    const other = fingerprintOf(Buffer.alloc(32, 7));
    const wrong = await check(url, { subtle: false, typed: other });
    expect(wrong.verdict).toBe(
      `Not verified: signed by ${bundle.key.fingerprint}, not by the key you typed (${other})`,
    );
    const partial = await check(url, { subtle: false, typed: bundle.key.fingerprint.slice(0, 9) });
    expect(partial.verdict).toMatch(/^Not verified: what you typed \(.{9}\) is not a whole fingerprint/);
    const typed = bundle.key.fingerprint.toLowerCase().replace(/-/g, ' ');
    const right = await check(url, { subtle: false, typed });
    expect(right.verdict).toBe('Verified');
    expect(right.text).toContain(
      `Checked against the fingerprint you typed: the signing key is ${bundle.key.fingerprint}`,
    );
  });

  guard.it('is red for a manifest.js whose manifest was altered (the signature no longer matches)', async () => {
    const altered = bundle.manifestText.replace('"Sample Docs"', '"Sample Dogs"');
    expect(altered).not.toBe(bundle.manifestText);
    const dir = damagedCopy((d) => writeFileSync(join(d, 'manifest.js'), manifestScript(altered, bundle.signature)));
    for (const subtle of [false, true]) {
      const receipt = await check(await served(dir), { subtle });
      expect(receipt.verdict).toBe(
        'Not verified: the signature does not match the manifest: it was altered after signing, or signed by another key',
      );
    }
  });
});
