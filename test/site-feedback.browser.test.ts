/**
 * Reader feedback end to end, in real Chromium against the real site server: a reader votes on one page
 * (`thumbs_only`), votes and adds a comment and an email on another (`contextual`), and comments on a
 * code block (`code_snippet`); an agent posts to `/feedback` (`agent`). Each one is then found in
 * `GET /v1/analytics/{projectId}/feedback` with exactly its variant's fields.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, type Browser, type Page } from '../server/render/chromium.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';
import { needsChromium } from './helpers/needs.js';

type Entry = Record<string, unknown> & { path: string; source: string };

/** What every stored entry carries besides its variant's own fields. */
const BASE = { id: expect.any(String) as unknown, createdAt: expect.any(String) as unknown, status: 'pending' };

needsChromium().describe('reader feedback from the browser to the API', () => {
  let s: SiteServe;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    s = await startSiteServe();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  const stored = async (source: string): Promise<Entry[]> => {
    const response = await s.t.api(`/v1/analytics/${s.projectId}/feedback?limit=100&source=${source}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { feedback: Entry[] }).feedback;
  };

  const open = async (path: string): Promise<Page> => {
    const page = await browser.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${path}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`${path}: ${e.message}`));
    await page.goto(`${s.siteUrl}${path}`);
    return page;
  };

  it('stores a thumbs-up as thumbs_only', async () => {
    const page = await open('/guides/intro');
    await page.click('[data-op-vote="yes"]');
    await expect
      .poll(() => stored('thumbs_only'))
      .toEqual([{ ...BASE, path: '/guides/intro', source: 'thumbs_only', comment: null }]);
    await page.close();
  });

  it('stores a thumbs-down with a comment and an email as contextual', async () => {
    const page = await open('/');
    await page.click('[data-op-vote="no"]');
    await page.waitForSelector('[data-op-feedback-form]:not([hidden])');
    await page.fill('#op-feedback-comment', 'The install step needs a version.');
    await page.fill('#op-feedback-contact', 'reader@example.org');
    await page.click('[data-op-feedback-form] button[type="submit"]');
    await page.waitForSelector('[data-op-feedback-thanks]:not([hidden])');
    await expect
      .poll(() => stored('contextual'))
      .toEqual([
        {
          ...BASE,
          path: '/',
          source: 'contextual',
          helpful: false,
          comment: 'The install step needs a version.',
          contact: 'reader@example.org',
        },
      ]);
    await page.close();
  });

  it('stores a comment on a code block as code_snippet, with its code, filename and language', async () => {
    const page = await open('/');
    const block = page.locator('[data-op-code][data-filename="install.sh"]');
    await block.hover();
    await block.locator('[data-op-code-feedback]').click();
    await block.locator('textarea').fill('Use npm ci in CI.');
    await block.locator('button[type="submit"]').click();
    await block.locator('.op-feedback-thanks').waitFor();
    await expect
      .poll(() => stored('code_snippet'))
      .toEqual([
        {
          ...BASE,
          path: '/',
          source: 'code_snippet',
          comment: 'Use npm ci in CI.',
          code: 'npm install minikit',
          filename: 'install.sh',
          lang: 'bash',
        },
      ]);
    await page.close();
  });

  it('stores what an agent posts to /feedback as agent feedback', async () => {
    const response = await fetch(`${s.siteUrl}/feedback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/guides/intro', feedback: 'The intro skips authentication.' }),
    });
    expect(response.status).toBeLessThan(300);
    expect(await stored('agent')).toEqual([
      { ...BASE, path: '/guides/intro', source: 'agent', comment: 'The intro skips authentication.' },
    ]);
    expect(errors).toEqual([]);
  });
});
