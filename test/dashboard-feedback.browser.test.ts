/**
 * Feedback triage in the dashboard, end to end against a real running Offprint and real Chromium: an
 * NDJSON file imported through the page itself (with its report), totals and a chart that add up to it,
 * filters kept in the URL, one entry triaged in the drawer (status and note found in the API's audit
 * trail), a bulk change whose refusals are summarised, CSV (with BOM) and NDJSON downloads of the filter,
 * and every view checked with axe-core, for sideways scroll at phone width, and photographed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  brokenCommandWords,
  horizontalOverflow,
  openDashboard,
  screenshot,
  seriousViolations,
  startDashboardEnv,
  VIEWS,
  type DashboardEnv,
} from './helpers/dashboard.js';
import { parseCsv } from './helpers/csv.js';
import { triageNdjsonFile, TRIAGE_ENTRIES } from './helpers/feedbackTriage.js';
import { needsChromium } from './helpers/needs.js';
import { shotDir } from './helpers/shots.js';
import type { Page } from '../server/render/chromium.js';

const SHOTS = shotDir('dashboard-feedback');
const DESKTOP = VIEWS[0] ?? { width: 1280, height: 800, scheme: 'light' as const };
const ALL = TRIAGE_ENTRIES.length;

/** Axe and sideways-scroll problems of the page as it is now. */
async function problems(page: Page, where: string): Promise<string[]> {
  const found = (await seriousViolations(page)).map((v) => `${where}: ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
  const overflow = await horizontalOverflow(page);
  if (overflow <= 0) return found;
  // Name the widest culprits, so a failure says where to look.
  const wide = await page.$$eval('body *', (elements) =>
    elements
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`),
  );
  return [...found, `${where}: ${overflow}px wider than the window (${wide.join(', ')})`];
}

const rows = (page: Page) => page.locator('table.feedback tbody tr');
const legendCounts = (page: Page) =>
  page.$$eval('.fb-legend li', (items) =>
    items.map((li) => [
      li.firstChild?.nextSibling?.textContent?.trim(),
      Number(li.querySelector('strong')?.textContent),
    ]),
  );

needsChromium().describe('feedback triage in the dashboard', () => {
  let env: DashboardEnv;
  beforeAll(async () => {
    env = await startDashboardEnv();
  }, 120_000);
  afterAll(() => env?.close());

  const history = async (id: string) => {
    const res = await env.api(`/v1/analytics/${env.projectId}/feedback/${id}/history`);
    expect(res.status).toBe(200);
    return (await res.json()) as {
      feedback: { status: string };
      events: {
        actor: { kind: string; name: string };
        fromStatus: string | null;
        toStatus: string | null;
        note: string | null;
      }[];
    };
  };

  needsChromium().it(
    'says where feedback comes from, then imports an NDJSON file through the page and shows its report',
    async () => {
      const failures: string[] = [];
      for (const view of VIEWS) {
        const opened = await openDashboard(env, '#/feedback', view);
        await opened.page.waitForSelector('text=No feedback yet');
        expect(await opened.page.textContent('.empty')).toContain('NDJSON');
        // The command it suggests runs as shown: `feedback import` needs the project.
        expect(await opened.page.textContent('.empty code')).toBe(
          `offprint feedback import --project ${env.projectId} FILE.ndjson`,
        );
        failures.push(...(await problems(opened.page, `empty ${view.width} ${view.scheme}`)));
        failures.push(...(await brokenCommandWords(opened.page)).map((w) => `empty ${view.width}: ${w}`));
        await screenshot(opened.page, 'feedback-empty', view, SHOTS);
        await opened.close();
      }
      expect(failures).toEqual([]);

      const { page, errors, exceptions, close } = await openDashboard(env, '#/feedback');
      const file = triageNdjsonFile();
      await page.getByLabel('NDJSON file').setInputFiles(file);
      const report = page.locator('.fb-import [role=status]');
      await expect.poll(() => report.textContent(), { timeout: 30_000 }).toContain(`${ALL} entries added`);
      expect(await report.textContent()).toContain(`${ALL} lines read`);
      await expect.poll(() => rows(page).count()).toBe(ALL);
      await screenshot(page, 'feedback-imported', DESKTOP, SHOTS);

      // The same file again: nothing new, every line reported as a duplicate.
      await page.getByLabel('NDJSON file').setInputFiles(file);
      await expect.poll(() => report.textContent(), { timeout: 30_000 }).toContain(`${ALL} duplicates skipped`);
      expect(await report.textContent()).toContain('0 entries added');

      expect(errors).toEqual([]);

      // A file with a broken line: nothing imported, and the problem named by its line.
      const broken = join(dirname(file), 'broken.ndjson');
      writeFileSync(
        broken,
        `${JSON.stringify({ id: 'x1', path: '/a', source: 'contextual', helpful: true })}\n{oops\n`,
      );
      await page.getByLabel('NDJSON file').setInputFiles(broken);
      await expect
        .poll(() => page.locator('.fb-import [role=alert]').textContent(), { timeout: 30_000 })
        .toContain('line 2: not valid JSON');
      expect((await (await env.api(`/v1/analytics/${env.projectId}/feedback/stats`)).json()) as object).toMatchObject({
        totals: { total: ALL },
      });
      // The refused upload's 400 is logged by the browser; nothing may throw.
      expect(exceptions).toEqual([]);
      await close();
    },
    240_000,
  );

  needsChromium().it(
    'shows totals and a chart whose data add up to what was imported, by kind and by vote',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/feedback');
      await page.waitForSelector('.fb-chart-svg rect.fb-c-contextual');
      const figure = (label: string) => page.locator(`.fb-figure:has(dt:text-is("${label}")) dd`).textContent();
      expect(await figure('Entries')).toBe(String(ALL));
      expect(await figure('Helpful')).toBe('3');
      expect(await figure('Not helpful')).toBe('4');
      expect(await figure('Satisfaction')).toMatch(/^42[.,]9 %$/);
      expect(await legendCounts(page)).toEqual([
        ['Page feedback', 5],
        ['Thumbs vote', 2],
        ['Code snippet', 2],
        ['Agent', 2],
      ]);
      // The text alternative: ten days of March, one row each, adding up to the total.
      await page.click('text=Show the chart’s data as a table');
      const totals = await page.$$eval('table.fb-series tbody tr td:last-child', (cells) =>
        cells.map((c) => Number(c.textContent)),
      );
      expect(totals).toHaveLength(10);
      expect(totals.reduce((a, b) => a + b, 0)).toBe(ALL);
      expect(await page.getAttribute('.fb-chart-plot', 'role')).toBe('img');

      await page.click('label:has-text("By vote")');
      await expect
        .poll(() => legendCounts(page))
        .toEqual([
          ['Helpful', 3],
          ['Not helpful', 4],
          ['No vote (code, agent)', 4],
        ]);
      expect(page.url()).toContain('chart=vote');
      const ranking = await page.$$eval('.fb-ranking-table tbody tr', (trs) =>
        trs.map((tr) =>
          [...tr.querySelectorAll('td')].map((td) => td.querySelector('code, .tabular')?.textContent ?? td.textContent),
        ),
      );
      expect(ranking[0]).toEqual(['/quickstart', '5', '2', '2', '0', '50 %']);
      expect(ranking[1]).toEqual(['/guides/install', '4', '1', '2', '1', '33.3 %']);
      expect(errors).toEqual([]);
      await close();
    },
    120_000,
  );

  needsChromium().it(
    'filters by source, status, page, dates and text, and keeps the filters in the URL',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/feedback');
      await expect.poll(() => rows(page).count()).toBe(ALL);
      await page.locator('select[name=source]').selectOption('code_snippet');
      await expect.poll(() => rows(page).count()).toBe(2);
      expect(page.url()).toContain('source=code_snippet');
      const snippet = page.locator('.fb-snippet:has-text("npm i offprint")');
      expect((await snippet.locator('figcaption').textContent())?.replace(/\s+/g, '')).toBe('install.shbash');

      // A bookmark of the view opens the same view.
      const bookmark = await openDashboard(env, page.url().slice(env.url.length + 1));
      await expect.poll(() => rows(bookmark.page).count()).toBe(2);
      expect(await bookmark.page.locator('select[name=source]').inputValue()).toBe('code_snippet');
      await bookmark.close();

      await page.locator('select[name=source]').selectOption('');
      await page.locator('input[name=q]').fill('windows');
      await expect.poll(() => rows(page).count()).toBe(1);
      expect(page.url()).toContain('q=windows');
      const row = rows(page).first();
      expect((await row.locator('.fb-vote').textContent())?.trim()).toBe('Not helpful');
      expect(await row.locator('.fb-contact').textContent()).toContain('ana@example.com');
      expect(await page.locator('.fb-figure:has(dt:text-is("Entries")) dd').textContent()).toBe('1');

      await page.locator('input[name=q]').fill('');
      await page.locator('input[name=path]').fill('/guides/install');
      await page.locator('input[name=path]').press('Enter');
      await page.locator('input[name=status][value=dismissed]').check();
      await page.locator('input[name=status][value=resolved]').check();
      await expect.poll(() => rows(page).count()).toBe(1);
      expect(await rows(page).first().textContent()).toContain('Typo in the title');
      expect(page.url()).toContain('status=resolved%2Cdismissed');

      await page.click('button:has-text("Clear filters")');
      await page.locator('input[name=from]').fill('2026-03-09');
      await page.locator('input[name=to]').fill('2026-03-09');
      // "To" includes its day: d1 (9 March, noon) but not r1 (10 March).
      await expect.poll(() => rows(page).count()).toBe(1);
      expect(await rows(page).first().textContent()).toContain('asdf');
      expect(errors).toEqual([]);
      await close();
    },
    120_000,
  );

  needsChromium().it(
    'triages one entry in the drawer (focus kept inside, Esc closes) and the API’s audit trail has it',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/feedback');
      const opener = rows(page).filter({ hasText: 'Step 3 fails' }).locator('button:has-text("Details")');
      await opener.focus();
      await page.keyboard.press('Enter');
      const drawer = page.locator('dialog.fb-drawer');
      await drawer.waitFor();
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
      }
      await drawer.locator('select').selectOption('in_progress');
      await expect.poll(() => drawer.locator('.fb-history').textContent()).toContain('Pending → In progress');
      await drawer.getByLabel('Internal note').fill('Reproduced on Windows 11; path quoting fix in review.');
      await drawer.locator('button:has-text("Add note")').click();
      await expect.poll(() => drawer.locator('.fb-history').textContent()).toContain('path quoting fix');
      await screenshot(page, 'feedback-drawer', DESKTOP, SHOTS);

      const trail = await history('c1');
      expect(trail.feedback.status).toBe('in_progress');
      expect(trail.events).toMatchObject([
        { actor: { kind: 'key', name: 'dashboard tests' }, fromStatus: 'pending', toStatus: 'in_progress', note: null },
        { fromStatus: null, toStatus: null, note: 'Reproduced on Windows 11; path quoting fix in review.' },
      ]);
      // Only the moves the workflow allows are offered.
      const options = await drawer.locator('select').locator('option').allTextContents();
      expect(options).toEqual(['In progress (current)', 'Pending', 'Resolved', 'Dismissed']);

      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Details');
      await expect
        .poll(() => rows(page).filter({ hasText: 'Step 3 fails' }).locator('.fb-status').textContent())
        .toBe('In progress');
      expect(errors).toEqual([]);
      await close();
    },
    120_000,
  );

  needsChromium().it(
    'changes the status of the selected entries in bulk and summarises what the workflow refused',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/feedback');
      await expect.poll(() => rows(page).count()).toBe(ALL);
      await page.getByLabel('Select all shown').check();
      await page.getByLabel('Set status').selectOption('resolved');
      await page.click(`button:has-text("Apply to ${ALL}")`);
      const summary = page.locator('.fb-bulk-summary');
      await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toContain('9 entries changed to resolved.');
      expect(await summary.textContent()).toContain('1 entry was already resolved.');
      expect(await summary.textContent()).toContain(
        '1 entry left as is: the workflow does not allow it from dismissed.',
      );
      await screenshot(page, 'feedback-bulk', DESKTOP, SHOTS);

      const stats = (await (await env.api(`/v1/analytics/${env.projectId}/feedback/stats`)).json()) as {
        totals: { byStatus: Record<string, number> };
      };
      expect(stats.totals.byStatus).toEqual({ pending: 0, in_progress: 0, resolved: 10, dismissed: 1 });
      expect((await history('a1')).events.at(-1)).toMatchObject({ fromStatus: 'pending', toStatus: 'resolved' });
      expect(errors).toEqual([]);
      await close();
    },
    120_000,
  );

  needsChromium().it(
    'downloads what the filter selects as CSV (UTF-8 with BOM) and as NDJSON',
    async () => {
      const { page, errors, close } = await openDashboard(env, '?source=contextual#/feedback');
      await expect.poll(() => rows(page).count()).toBe(5);
      const [csv] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("CSV")')]);
      expect(csv.suggestedFilename()).toMatch(/\.csv$/);
      const bytes = readFileSync(await csv.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...lines] = parseCsv(bytes.subarray(3).toString('utf8'));
      expect(header?.slice(0, 4)).toEqual(['id', 'createdAt', 'source', 'status']);
      expect(lines.map((l) => l[0]).sort()).toEqual(['c1', 'c2', 'c3', 'd1', 'r1']);
      expect(lines.every((l) => l[2] === 'contextual')).toBe(true);

      const [ndjson] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("NDJSON")')]);
      expect(ndjson.suggestedFilename()).toMatch(/\.ndjson$/);
      const entries = readFileSync(await ndjson.path(), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; source: string });
      expect(entries.map((e) => e.id).sort()).toEqual(['c1', 'c2', 'c3', 'd1', 'r1']);
      expect(errors).toEqual([]);
      await close();
    },
    120_000,
  );

  needsChromium().it(
    'passes axe and fits the width in every view, with the drawer open too, and is photographed',
    async () => {
      const failures: string[] = [];
      for (const view of VIEWS) {
        const where = `${view.width} ${view.scheme}`;
        const { page, errors, close } = await openDashboard(env, '#/feedback', view);
        await expect.poll(() => rows(page).count()).toBe(ALL);
        await page.click('text=Show the chart’s data as a table');
        failures.push(...(await problems(page, where)));
        await screenshot(page, 'feedback', view, SHOTS);
        await rows(page).filter({ hasText: 'Step 3 fails' }).locator('button:has-text("Details")').click();
        await page.locator('dialog.fb-drawer .fb-history li').first().waitFor();
        failures.push(...(await problems(page, `drawer ${where}`)));
        await page.screenshot({ path: join(SHOTS, `feedback-drawer-${view.width}x${view.height}-${view.scheme}.png`) });
        expect(errors).toEqual([]);
        await close();
      }
      expect(failures).toEqual([]);
    },
    240_000,
  );
});
