/**
 * The dashboard under test: a real running Offprint (API, sites, export worker, as `offprint serve`
 * starts it) on a temp data dir, real Chromium, and the checks every page must pass: axe-core (no serious
 * or critical violation), no sideways scroll, and screenshots written for a person to look at.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AxeResults } from 'axe-core';
import { pino } from 'pino';
import { createApiKey } from '../../server/domain/apiKeys.js';
import { defaultOrganizationId, listAllProjects } from '../../server/domain/organizations.js';
import { startOffprint, type RunningOffprint } from '../../server/host.js';
import { lazyPlaywrightBackend } from '../../server/jobs/backend.js';
import { launchChromium, type Browser, type Page } from '../../server/render/chromium.js';
import { tempDir } from './dataDirs.js';
import { shotDir } from './shots.js';

/** Where the dashboard tests' screenshots go (helpers/shots.ts). */
export const SHOT_DIR = shotDir('dashboard');

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A running Offprint with a browser and an admin key. */
export interface DashboardEnv {
  readonly offprint: RunningOffprint;
  readonly url: string;
  readonly key: string;
  /** The default project (its site is the bundled sample docs). */
  readonly projectId: string;
  readonly browser: Browser;
  /** `fetch` relative to the API with the admin key. */
  readonly api: (path: string, init?: RequestInit) => Promise<Response>;
  readonly close: () => Promise<void>;
}

/** Starts Offprint and Chromium; `close()` in afterAll. */
export async function startDashboardEnv(): Promise<DashboardEnv> {
  const offprint = await startOffprint({
    dataDir: tempDir('offprint-dashboard-'),
    logger: pino({ level: 'silent' }),
    port: 0,
    renderBackend: lazyPlaywrightBackend(),
  });
  const orgId = defaultOrganizationId(offprint.runtime);
  const project = listAllProjects(offprint.runtime, orgId)[0];
  if (project === undefined) throw new Error('a fresh install has its default project');
  const { key } = createApiKey(offprint.runtime, { orgId, name: 'dashboard tests' });
  const browser = await launchChromium();
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${offprint.url}${path}`, { ...init, headers: { Authorization: `Bearer ${key}`, ...init.headers } });
  return {
    offprint,
    url: offprint.url,
    key,
    projectId: project.id,
    browser,
    api,
    close: async () => {
      await browser.close();
      await offprint.close();
    },
  };
}

/** How a page is opened: viewport and colour scheme. */
export interface View {
  readonly width: number;
  readonly height: number;
  readonly scheme: 'light' | 'dark';
}

/** The four views every page is checked and photographed in. */
export const VIEWS: readonly View[] = [
  { width: 1280, height: 800, scheme: 'light' },
  { width: 1280, height: 800, scheme: 'dark' },
  { width: 390, height: 844, scheme: 'light' },
  { width: 390, height: 844, scheme: 'dark' },
];

/** A page, signed in (the key as the sign-in form stores it), with its console errors collected. */
export interface OpenedPage {
  readonly page: Page;
  /** Console errors and uncaught exceptions. */
  readonly errors: string[];
  /** Uncaught exceptions only (where a refused request's console line is expected). */
  readonly exceptions: string[];
  readonly close: () => Promise<void>;
}

/** Opens `hash` (`#/projects`) of the dashboard in a fresh context, signed in unless `signedIn` is false. */
export async function openDashboard(
  env: DashboardEnv,
  hash: string,
  view: View = VIEWS[0] ?? { width: 1280, height: 800, scheme: 'light' },
  signedIn = true,
): Promise<OpenedPage> {
  const context = await env.browser.newContext({
    viewport: { width: view.width, height: view.height },
    colorScheme: view.scheme,
    acceptDownloads: true,
  });
  if (signedIn) await context.addInitScript((key) => sessionStorage.setItem('offprint.adminKey', key), env.key);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    // A failed load logs no URL in its text ("Failed to load resource: ... 404"): its location names it.
    const { url } = m.location();
    if (m.type() === 'error') errors.push(url ? `${m.text()} (${url})` : m.text());
  });
  const exceptions: string[] = [];
  page.on('pageerror', (e) => (errors.push(String(e)), exceptions.push(String(e))));
  await page.goto(`${env.url}/${hash}`);
  return { page, errors, exceptions, close: () => context.close() };
}

/** An axe-core violation, as much as a failing test needs to say. */
export interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/** Runs axe-core in the page (evaluated over CDP, so the dashboard's CSP need not allow it). */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // The global the evaluated source just defined; axe-core's own types describe it.
    const axe = Reflect.get(window, 'axe') as { run: () => Promise<AxeResults> };
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** How far the document is wider than the window (0: no sideways scroll). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Words of the `offprint ...` commands the page shows that are broken across two lines though they fit
 * on one (Chromium breaks after a hyphen: `--` then `project` reads as two words, and a copied command
 * looks wrong), each as `word in "command"`.
 */
export function brokenCommandWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const code of document.querySelectorAll('code')) {
      const text = code.textContent ?? '';
      if (!text.startsWith('offprint ')) continue;
      const style = getComputedStyle(code);
      const room = code.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      // Each word of each text node: a word split over text nodes is measured part by part, each whole.
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size < 2) continue;
          const probe = document.createElement('span');
          probe.style.whiteSpace = 'nowrap';
          probe.textContent = match[0];
          code.append(probe);
          const fits = probe.getBoundingClientRect().width <= room;
          probe.remove();
          if (fits) broken.push(`${match[0]} in "${text}"`);
        }
      }
    }
    return broken;
  });
}

/** Writes a full-page screenshot named after the page and view into `dir` ({@link SHOT_DIR}); returns its path. */
export async function screenshot(page: Page, name: string, view: View, dir = SHOT_DIR): Promise<string> {
  const path = join(dir, `${name}-${view.width}x${view.height}-${view.scheme}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Starts an export of `domain` over the API and waits until it ends; returns the job as the API shows it. */
export async function exportAndWait(
  env: DashboardEnv,
  body: Record<string, unknown>,
  timeoutMs = 240_000,
): Promise<{ jobId: string; status: string; sha256: string | null }> {
  const started = await env.api('/v1/static-export/jobs', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (started.status !== 202 && started.status !== 200) throw new Error(`export refused: ${await started.text()}`);
  const { jobId } = (await started.json()) as { jobId: string };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = (await (await env.api(`/v1/static-export/jobs/${jobId}`)).json()) as {
      jobId: string;
      status: string;
      sha256: string | null;
    };
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`export ${jobId} did not end within ${timeoutMs} ms`);
}

/** The default project's domain. */
export async function defaultDomain(env: DashboardEnv): Promise<string> {
  const { projects } = (await (await env.api('/v1/projects')).json()) as {
    projects: { projectId: string; domain: string }[];
  };
  const found = projects.find((p) => p.projectId === env.projectId);
  if (found === undefined) throw new Error('no default project');
  return found.domain;
}
