/**
 * Keys and feedback in the dashboard against a real running Offprint: the bundle signing key (the
 * fingerprint the API gives, its public key file, rotation after confirming); API keys: create one (its
 * secret shown once), copy it (with the Clipboard API, and with the fallback a non-secure context needs),
 * see it used, revoke it after confirming; and the feedback page lists and filters what readers sent.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '../server/render/chromium.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { fingerprintOf, parsePublicKey } from '../server/signing/ed25519.js';
import { brokenCommandWords, openDashboard, startDashboardEnv, VIEWS, type DashboardEnv } from './helpers/dashboard.js';
import { needsChromium } from './helpers/needs.js';

const ENTRIES = [
  {
    id: 'c1',
    path: '/quickstart',
    source: 'contextual',
    helpful: false,
    contact: 'ana@example.com',
    comment: 'Step 3 fails',
    createdAt: '2026-03-02T10:00:00Z',
  },
  {
    id: 's1',
    path: '/api/auth',
    source: 'code_snippet',
    code: 'npm i offprint',
    filename: 'install.sh',
    lang: 'bash',
    comment: null,
    createdAt: '2026-03-01T10:00:00Z',
  },
  { id: 't1', path: '/quickstart', source: 'thumbs_only', helpful: true, createdAt: '2026-02-28T10:00:00Z' },
];

interface SigningKeys {
  orgId: string;
  current: { fingerprint: string; publicKey: string };
  keys: { fingerprint: string; current: boolean; retiredAt: string | null }[];
}

/** Clicks `button` and returns the downloaded file's name and text. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

needsChromium().describe('keys and feedback in the dashboard', () => {
  let env: DashboardEnv;
  beforeAll(async () => {
    env = await startDashboardEnv();
    const imported = await env.api(`/v1/analytics/${env.projectId}/feedback/import`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-ndjson' },
      body: ENTRIES.map((e) => JSON.stringify(e)).join('\n') + '\n',
    });
    expect(imported.status).toBe(200);
  }, 120_000);
  afterAll(() => env?.close());
  const signingKeys = async () => (await (await env.api('/v1/signing-key')).json()) as SigningKeys;

  needsChromium().it(
    'shows the signing key the API gives, copies its fingerprint and downloads its public key',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/keys');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url });
      const api = await signingKeys();
      const shown = page.locator('[data-testid=signing-fingerprint]');
      await expect.poll(() => shown.textContent()).toBe(api.current.fingerprint);
      expect(api.current.fingerprint).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);

      await page.click('button[aria-label="Copy fingerprint"]');
      await page.waitForSelector('button[aria-label="Copy fingerprint"]:has-text("Copied")');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(api.current.fingerprint);

      const pem = await download(page, 'button:has-text("Download public key")');
      expect(pem.name).toBe(`${api.orgId}-signing-key-${api.current.fingerprint}.pem`);
      const raw = parsePublicKey(pem.text);
      expect(raw.toString('base64')).toBe(api.current.publicKey);
      expect(fingerprintOf(raw)).toBe(api.current.fingerprint);
      expect(await page.locator('text=Retired keys').count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
    },
    60_000,
  );

  needsChromium().it('shows the verify commands with no word broken over two lines, wide and narrow', async () => {
    const broken: string[] = [];
    for (const view of VIEWS) {
      const { page, close } = await openDashboard(env, '#/keys', view);
      await page.waitForSelector('[data-testid=signing-fingerprint]');
      broken.push(...(await brokenCommandWords(page)).map((word) => `${view.width}: ${word}`));
      await close();
    }
    expect(broken).toEqual([]);
  });

  needsChromium().it(
    'rotates the signing key after confirming and lists the old one as retired, with its public key',
    async () => {
      const before = (await signingKeys()).current.fingerprint;
      const { page, errors, close } = await openDashboard(env, '#/keys');
      const shown = page.locator('[data-testid=signing-fingerprint]');
      await expect.poll(() => shown.textContent()).toBe(before);

      // Cancelling changes nothing.
      await page.click('button:has-text("Rotate key")');
      const dialog = page.locator('dialog[open]');
      expect(await dialog.textContent()).toContain('cannot be undone');
      await dialog.locator('button:has-text("Cancel")').click();
      expect((await signingKeys()).current.fingerprint).toBe(before);

      await page.click('button:has-text("Rotate key")');
      await dialog.locator('button:has-text("Rotate key")').click();
      await expect.poll(() => shown.textContent()).not.toBe(before);
      const after = await signingKeys();
      expect(await shown.textContent()).toBe(after.current.fingerprint);
      expect(after.keys.map((k) => [k.fingerprint, k.current])).toEqual([
        [after.current.fingerprint, true],
        [before, false],
      ]);
      expect(await page.textContent('[role=status]')).toContain(after.current.fingerprint);

      const retired = page.locator(`.retired-key[data-fingerprint="${before}"]`);
      expect(await retired.textContent()).toContain('retired');
      const pem = await download(page, `button[aria-label="Download public key ${before}"]`);
      expect(pem.name).toBe(`${after.orgId}-signing-key-${before}.pem`);
      expect(fingerprintOf(parsePublicKey(pem.text))).toBe(before);
      expect(errors).toEqual([]);
      await close();
    },
    60_000,
  );

  needsChromium().it(
    'creates a key, copies it, shows it used, and revokes it after confirming',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/keys');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url });
      await page.fill('input[name=keyName]', 'Nightly export');
      await page.click('button:has-text("Create key")');
      const secret = await page.textContent('[data-testid=new-key]');
      expect(secret).toMatch(/^offp_[0-9A-Za-z]{38}$/);

      await page.click('button[aria-label="Copy key"]');
      await page.waitForSelector('button[aria-label="Copy key"]:has-text("Copied")');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

      const used = await fetch(`${env.url}/v1/projects`, { headers: { Authorization: `Bearer ${secret}` } });
      expect(used.status).toBe(200);
      await page.reload();
      const row = page.locator('.key-row:has-text("Nightly export")');
      await expect.poll(() => row.locator('dd').nth(1).textContent()).not.toBe('Never');

      await page.click('button[aria-label="Revoke Nightly export"]');
      await page.click('dialog >> button:has-text("Revoke key")');
      await expect.poll(() => row.textContent()).toContain('Revoked');
      const revoked = await fetch(`${env.url}/v1/projects`, { headers: { Authorization: `Bearer ${secret}` } });
      expect(revoked.status).toBe(401);
      expect(errors).toEqual([]);
      await close();
    },
    90_000,
  );

  needsChromium().it(
    'copies with the selection fallback where the Clipboard API is missing',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/keys');
      await page.evaluate(() => {
        Object.defineProperty(navigator, 'clipboard', { value: undefined });
        document.addEventListener('copy', (e) => {
          const target = e.target;
          if (target instanceof HTMLTextAreaElement) document.body.dataset['copied'] = target.value;
        });
      });
      await page.fill('input[name=keyName]', 'Fallback');
      await page.click('button:has-text("Create key")');
      const secret = await page.textContent('[data-testid=new-key]');
      await page.click('button[aria-label="Copy key"]');
      await page.waitForSelector('button[aria-label="Copy key"]:has-text("Copied")');
      expect(await page.evaluate(() => document.body.dataset['copied'])).toBe(secret);
      expect(errors).toEqual([]);
      await close();
    },
    60_000,
  );

  needsChromium().it(
    'lists feedback newest first and filters it by source',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/feedback');
      await page.waitForSelector('table.feedback tbody tr');
      const paths = await page.$$eval('table.feedback tbody tr td:nth-child(2)', (cells) =>
        cells.map((c) => c.textContent),
      );
      expect(paths).toEqual(['/quickstart', '/api/auth', '/quickstart']);
      await page.getByLabel('Source').selectOption('code_snippet');
      await expect.poll(() => page.locator('table.feedback tbody tr').count()).toBe(1);
      expect(await page.textContent('table.feedback tbody')).toContain('npm i offprint');
      expect(errors).toEqual([]);
      await close();
    },
    60_000,
  );

  needsChromium().it('serves the dashboard with a CSP that allows only its own scripts', async () => {
    const res = await fetch(`${env.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await res.text()).toContain('<div id="root">');
  });
});
