/**
 * Third-party scripts of a docs project (docs.json `integrations`, project `.js` files) are loaded only
 * when the `allowedScripts` setting names them; otherwise pages load none, and the log says what was
 * skipped. The setting is picked up by a running site at its next request. An allowed script still cannot
 * install a service worker, which would outlive the setting.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOrganizationId, listAllProjects } from '../server/domain/organizations.js';
import { setSettingValue, unsetSettingValue } from '../server/domain/settings.js';
import { importSite } from '../server/domain/sites.js';
import { openRuntime, type Runtime } from '../server/runtime.js';
import { launchChromium } from '../server/render/chromium.js';
import { PAGE_CSP } from '../server/sites/serve/respond.js';
import { SiteServers } from '../server/sites/serve/servers.js';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { needsChromium } from './helpers/needs.js';

interface LogLine {
  readonly msg: string;
  readonly projectId?: string;
  readonly loaded?: string[];
  readonly skipped?: { name: string; reason: string }[];
}

const SOURCE = writeProject({
  'docs.json': docsJson({
    errors: { '404': { redirect: false } },
    integrations: {
      ga4: { measurementId: 'G-TEST1234' },
      posthog: { apiKey: 'phc_abcdefgh12345678', apiHost: 'https://ph.intranet.example/' },
      plausible: { domain: 'docs.example.org' },
      intercom: { appId: 'abc123' },
      gtm: { tagId: 'not-a-tag' },
      telemetry: { enabled: true },
    },
  }),
  'index.mdx': '# Home',
  'scripts/analytics.js': "document.documentElement.dataset.analytics = 'ran';",
  'tracker.js': 'window.__tracker = true;',
  // Registers itself as a service worker, which would go on answering for the site's origin after the
  // script is no longer allowed (and for the next project given the port).
  'scripts/sw.js': [
    "if (typeof document === 'undefined') self.addEventListener('fetch', (e) => e.respondWith(new Response('hijacked')));",
    'else navigator.serviceWorker.register(document.currentScript.src).then(',
    "  () => { document.documentElement.dataset.sw = 'registered'; },",
    "  () => { document.documentElement.dataset.sw = 'refused'; });",
  ].join('\n'),
  'snippets/helper.js': 'export const x = 1;',
});

/** The `<script src>` of a page, in order. */
function scripts(html: string): string[] {
  return [...html.matchAll(/<script ([^>]*)><\/script>/g)].map((m) => /src="([^"]*)"/.exec(m[1] ?? '')?.[1] ?? '');
}

describe('allowedScripts', () => {
  let runtime: Runtime;
  let sites: SiteServers;
  let siteUrl: string;
  const logged: LogLine[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString('utf8')) as LogLine);
        done();
      },
    });
    runtime = openRuntime(tempDir(), pino({ level: 'info' }, sink));
    const projectId = listAllProjects(runtime, defaultOrganizationId(runtime))[0]?.id ?? '';
    importSite(runtime, projectId, SOURCE);
    sites = await SiteServers.start(runtime, { pollMs: 0 });
    siteUrl = sites.urlOf(projectId) ?? '';
  });
  afterAll(async () => {
    await sites.close(100);
    runtime.close();
  });

  const themeScripts = ['/_offprint/theme-init.js', '/_offprint/theme.js'];

  it('by default: pages load only the theme, under the default CSP, and the log lists what was skipped', async () => {
    const res = await fetch(`${siteUrl}/`);
    expect(scripts(await res.text())).toEqual(themeScripts);
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect((await fetch(`${siteUrl}/_offprint/integrations/ga4.js`)).status).toBe(404);
    const report = logged.find((l) => l.msg.startsWith('site scripts'));
    expect(report?.loaded).toEqual([]);
    expect(report?.skipped?.map((s) => [s.name, s.reason])).toEqual([
      ['ga4', 'not in the allowedScripts setting'],
      ['posthog', 'not in the allowedScripts setting'],
      ['plausible', 'not in the allowedScripts setting'],
      ['intercom', 'not in the allowedScripts setting'],
      ['gtm', 'not in the allowedScripts setting'],
      ['scripts/analytics.js', 'not in the allowedScripts setting'],
      ['scripts/sw.js', 'not in the allowedScripts setting'],
      ['tracker.js', 'not in the allowedScripts setting'],
    ]);
  });

  it('once allowed by name: exactly those scripts, in order, with the CSP widened by their origins only', async () => {
    setSettingValue(runtime, 'allowedScripts', 'ga4, posthog, intercom, gtm, /scripts/analytics.js');
    const res = await fetch(`${siteUrl}/`);
    const html = await res.text();
    expect(scripts(html)).toEqual([
      ...themeScripts,
      'https://www.googletagmanager.com/gtag/js?id=G-TEST1234',
      '/_offprint/integrations/ga4.js',
      'https://ph.intranet.example/static/array.js',
      '/_offprint/integrations/posthog.js',
      '/scripts/analytics.js',
    ]);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com https://ph.intranet.example;");
    expect(csp).toContain("connect-src 'self' https://*.google-analytics.com");
    expect(csp).not.toContain('plausible.io');
    const init = await fetch(`${siteUrl}/_offprint/integrations/ga4.js`);
    expect(init.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await init.text()).toContain(`window.gtag('config', "G-TEST1234");`);
    expect(await (await fetch(`${siteUrl}/_offprint/integrations/posthog.js`)).text()).toContain(
      'window.posthog.init("phc_abcdefgh12345678", { api_host: "https://ph.intranet.example" });',
    );
    expect((await fetch(`${siteUrl}/scripts/analytics.js`)).status).toBe(200);
  });

  it('skips allowed integrations it cannot load, or whose configuration is invalid, saying why', () => {
    const report = logged.filter((l) => l.msg.startsWith('site scripts')).at(-1);
    expect(report?.loaded).toEqual(['ga4', 'posthog', 'scripts/analytics.js']);
    const reasons = new Map(report?.skipped?.map((s) => [s.name, s.reason]));
    expect(reasons.get('intercom')).toMatch(/^Offprint cannot load this integration \(it can load fathom, ga4, gtm/);
    expect(reasons.get('gtm')).toMatch(/^its docs.json configuration is not valid \(tagId: /);
    expect(reasons.get('tracker.js')).toBe('not in the allowedScripts setting');
    expect(reasons.has('snippets/helper.js')).toBe(false);
  });

  needsChromium().it('runs an allowed project script in a real browser, under the page CSP', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const blocked: string[] = [];
      // Nothing may leave the machine: requests to other origins are refused and listed.
      await page.route('**/*', (route) => {
        if (route.request().url().startsWith(siteUrl)) return route.continue();
        blocked.push(route.request().url());
        return route.abort();
      });
      await page.goto(`${siteUrl}/`, { waitUntil: 'load' });
      expect(await page.evaluate(() => document.documentElement.dataset['analytics'])).toBe('ran');
      expect(blocked).toContain('https://www.googletagmanager.com/gtag/js?id=G-TEST1234');
    } finally {
      await browser.close();
    }
  });

  needsChromium().it('refuses a service worker an allowed project script registers', async () => {
    setSettingValue(runtime, 'allowedScripts', 'scripts/sw.js');
    const browser = await launchChromium();
    try {
      const res = await fetch(`${siteUrl}/`);
      expect(res.headers.get('content-security-policy')).toContain("worker-src 'none'");
      const script = await fetch(`${siteUrl}/scripts/sw.js`, { headers: { 'Service-Worker': 'script' } });
      expect(script.status).toBe(403);
      const page = await browser.newPage();
      await page.goto(`${siteUrl}/`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset['sw'] !== undefined);
      expect(await page.evaluate(() => document.documentElement.dataset['sw'])).toBe('refused');
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    } finally {
      await browser.close();
      setSettingValue(runtime, 'allowedScripts', 'ga4, posthog, intercom, gtm, /scripts/analytics.js');
    }
  });

  it('loads them on the 404 page too', async () => {
    const res = await fetch(`${siteUrl}/no-such-page`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(scripts(await res.text())).toContain('/scripts/analytics.js');
  });

  it('loads nothing again once the setting is unset, without a restart', async () => {
    unsetSettingValue(runtime, 'allowedScripts');
    const res = await fetch(`${siteUrl}/`);
    expect(scripts(await res.text())).toEqual(themeScripts);
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect((await fetch(`${siteUrl}/_offprint/integrations/ga4.js`)).status).toBe(404);
  });
});

describe('offprint settings', () => {
  const dataDir = tempDir();
  const run = (...args: string[]) => cli(['settings', ...args, '--data-dir', dataDir]);

  it('sets, shows and unsets allowedScripts', async () => {
    expect(JSON.parse((await run('get', 'allowedScripts', '--json')).stdout)).toEqual({
      name: 'allowedScripts',
      value: [],
      isSet: false,
    });
    const set = await run('set', 'allowedScripts', 'posthog,scripts/a.js,posthog');
    expect(set).toMatchObject({ code: 0, stdout: 'allowedScripts = posthog,scripts/a.js\n' });
    expect((await run('get', 'allowedScripts')).stdout).toBe('posthog,scripts/a.js\n');
    const listed = JSON.parse((await run('list', '--json')).stdout) as {
      settings: { name: string; value: string[] }[];
    };
    expect(listed.settings).toContainEqual({ name: 'allowedScripts', value: ['posthog', 'scripts/a.js'], isSet: true });
    expect((await run('unset', 'allowedScripts')).code).toBe(0);
    expect((await run('get', 'allowedScripts')).stdout).toBe('(none)\n');
  });

  it('refuses unknown settings and names that are not script names, changing nothing', async () => {
    await run('set', 'allowedScripts', 'ga4');
    const unknown = await run('set', 'allowScripts', 'ga4');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('unknown setting: allowScripts (expected: allowedScripts, renderBrowsers)');
    const bad = await run('set', 'allowedScripts', 'ga4,../etc/x.js,has space');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('"../etc/x.js" must not contain empty, . or .. segments');
    expect(bad.stderr).toContain('"has space" must be an integration name or a project path');
    expect((await run('get', 'allowedScripts')).stdout).toBe('ga4\n');
  });
});
