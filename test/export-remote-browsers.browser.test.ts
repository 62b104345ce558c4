/**
 * Rendering fanned out over remote browsers (`offprint export --browser URL`, the `renderBrowsers`
 * setting), against real Chromium on loopback: a Playwright browser server and a bare Chromium with a
 * remote debugging port (plain CDP) share an export's pages and give the bundle a local export gives,
 * byte for byte (the site's requests are answered from Offprint's side, so the browsers need no route
 * back), and the egress check runs through them over HTTP; one of them killed mid-export is survived with
 * the same bytes; an unreachable URL fails the CLI and an API job with a message naming it; API callers
 * cannot choose browsers.
 */
import AdmZip from 'adm-zip';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startExportJob } from '../server/domain/exports/jobs.js';
import { renderBrowsers, setSettingValue } from '../server/domain/settings.js';
import { findExportJob } from '../server/db/exportJobs.js';
import { lazyPlaywrightBackend, renderSetup } from '../server/jobs/backend.js';
import { ExportWorker } from '../server/jobs/worker.js';
import { silentLogger } from '../server/logger.js';
import { BrowserUrlSchema } from '../server/render/endpoints.js';
import { remoteRenderBackend } from '../server/render/playwrightBackend.js';
import { poolRenderBackend, type PoolMember } from '../server/render/pool.js';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { startExportEnv } from './helpers/exportEnv.js';
import {
  exportFixture,
  exportOnce,
  importExportFixture,
  mapTargets,
  skippedEgressCheck,
  type ExportSiteFixture,
} from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';
import { cdpChromium, playwrightServer, type RemoteBrowser } from './helpers/remoteBrowsers.js';

const UNREACHABLE = 'ws://127.0.0.1:9/no-browser-here';

/**
 * The digest of a bundle's content: every entry byte for byte, and the manifest but for its egress proof
 * (a remote browser cannot open the bundle from disk, so its proof records the http pass alone) and the
 * Chromium version; the signature files follow from the manifest.
 */
function bundleContent(zipFile: string): string {
  const zip = new AdmZip(zipFile);
  const hash = createHash('sha256');
  for (const entry of zip.getEntries().sort((a, b) => a.entryName.localeCompare(b.entryName))) {
    if (entry.entryName === 'manifest.json.sig' || entry.entryName === 'manifest.js') continue;
    let data = entry.getData();
    if (entry.entryName === 'manifest.json') {
      const manifest = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      delete manifest['egressProof'];
      delete manifest['chromiumVersion'];
      data = Buffer.from(JSON.stringify(manifest));
    }
    hash.update(`${entry.entryName}\0`).update(data);
  }
  return hash.digest('hex');
}

/** A pool member over `url` that counts the targets it hands out. */
function countedMember(url: string, counts: Map<string, number>): PoolMember {
  const endpoint = BrowserUrlSchema.parse(url);
  const connect = remoteRenderBackend(endpoint);
  const factory = mapTargets(connect, (target) => {
    counts.set(url, (counts.get(url) ?? 0) + 1);
    return target;
  });
  return { label: endpoint.label, slots: 2, factory };
}

needsChromium().describe('rendering through remote browsers', () => {
  let site: ExportSiteFixture;
  let localSha: string;
  const started: RemoteBrowser[] = [];
  const remote = async (kind: () => Promise<RemoteBrowser>): Promise<RemoteBrowser> => {
    const browser = await kind();
    started.push(browser);
    return browser;
  };

  beforeAll(async () => {
    site = await importExportFixture(exportFixture());
    // Rendering is what is compared (bundleContent leaves the proof out): the check runs once, in the first test.
    localSha = bundleContent((await exportOnce(site, { egressCheck: skippedEgressCheck })).outFile);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(started.map((browser) => browser.kill()));
    site?.rt.close();
  });

  it('shards pages over a Playwright browser server and a CDP Chromium: the bytes of a local export', async () => {
    const servers = [await remote(playwrightServer), await remote(cdpChromium)];
    expect(BrowserUrlSchema.parse(servers[0]?.url).protocol).toBe('playwright');
    expect(BrowserUrlSchema.parse(servers[1]?.url).protocol).toBe('cdp');
    const counts = new Map<string, number>();
    const members = servers.map((server) => countedMember(server.url, counts));
    const { outFile } = await exportOnce(site, {
      backend: poolRenderBackend(members, silentLogger()),
      concurrency: 4,
    });
    expect(bundleContent(outFile)).toBe(localSha);
    // Both browsers rendered pages.
    for (const server of servers) expect(counts.get(server.url) ?? 0).toBeGreaterThan(0);
    // The egress check ran through the pool too: every page over HTTP (a remote browser cannot open our disk).
    const zip = new AdmZip(outFile);
    const { egressProof } = JSON.parse(zip.readAsText('manifest.json')) as {
      egressProof: { modes: string[]; pagesChecked: number; blocked: number; failures: unknown[] };
    };
    expect(egressProof).toMatchObject({ modes: ['http'], blocked: 0, failures: [] });
    expect(egressProof.pagesChecked).toBe(zip.getEntries().filter((e) => e.entryName.endsWith('.html')).length);
  }, 180_000);

  it('kills a CDP Chromium whole: its debugging port stops answering (the helper is what the other tests trust)', async () => {
    const browser = await cdpChromium();
    const version = `http://${new URL(browser.url).host}/json/version`;
    expect((await fetch(version)).ok).toBe(true);
    await browser.kill();
    // The group's processes get SIGKILL together; the port closes once the browser process is gone.
    const answered = async (): Promise<boolean> =>
      fetch(version).then(
        () => true,
        () => false,
      );
    await expect.poll(answered, { timeout: 5_000 }).toBe(false);
  });

  it('renders through a browser with no route back to Offprint: the site is answered from our side', async () => {
    const isolated = await remote(cdpChromium);
    const counts = new Map<string, number>();
    const { outFile } = await exportOnce(site, {
      backend: poolRenderBackend([countedMember(isolated.url, counts)], silentLogger()),
      concurrency: 2,
      egressCheck: skippedEgressCheck,
    });
    expect(bundleContent(outFile)).toBe(localSha);
    expect(counts.get(isolated.url) ?? 0).toBeGreaterThan(0);
  }, 180_000);

  it('survives one remote browser killed mid-export, with the same bytes', async () => {
    const [doomed, survivor] = [await remote(playwrightServer), await remote(cdpChromium)];
    if (doomed === undefined || survivor === undefined) throw new Error('no browsers');
    const render = renderSetup(
      lazyPlaywrightBackend(),
      [BrowserUrlSchema.parse(doomed.url), BrowserUrlSchema.parse(survivor.url)],
      2,
      silentLogger(),
    );
    expect(render.concurrency).toBe(4);
    const kill: { at: number | null; total: number } = { at: null, total: 0 };
    const { outFile } = await exportOnce(site, {
      ...render,
      onProgress: (progress) => {
        kill.total = progress.pagesTotal;
        if (kill.at === null && progress.pagesDone >= 2) {
          kill.at = progress.pagesDone;
          void doomed.kill();
        }
      },
    });
    expect(kill.at).not.toBeNull();
    expect(kill.at ?? Infinity).toBeLessThan(kill.total);
    expect(bundleContent(outFile)).toBe(localSha);
  }, 180_000);

  it('offprint export --browser with an unreachable URL exits non-zero naming the URL', async () => {
    const dataDir = tempDir('offprint-remote-cli-');
    const env = { XDG_DATA_HOME: tempDir('offprint-remote-home-') };
    const source = exportFixture({});
    const created = await cli(
      [
        'projects',
        'create',
        '--name',
        'Remote',
        '--domain',
        'docs.remote.test',
        '--source',
        source,
        '--data-dir',
        dataDir,
      ],
      { env },
    );
    expect(created.code, created.stderr).toBe(0);
    const run = await cli(
      [
        'export',
        '--domain',
        'docs.remote.test',
        '--out',
        `${dataDir}/out.zip`,
        '--browser',
        UNREACHABLE,
        '--data-dir',
        dataDir,
      ],
      { env },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`export of docs.remote.test failed`);
    expect(run.stderr).toContain(UNREACHABLE);

    const bad = await cli(['export', '--domain', 'docs.remote.test', '--out', 'x.zip', '--browser', 'ftp://host/'], {
      env,
    });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--browser: must start with ws:\/\/, wss:\/\/, http:\/\/ or https:\/\//);
  }, 120_000);

  it('an API job under an unreachable renderBrowsers setting fails with the reason; callers cannot pick browsers', async () => {
    const env = await startExportEnv();
    const worker = new ExportWorker(env.runtime, {
      backend: lazyPlaywrightBackend(),
      browsers: () => renderBrowsers(env.runtime.db),
    });
    try {
      const refused = await env.api('POST', '/v1/static-export/jobs', { domain: env.domain, browsers: [UNREACHABLE] });
      expect(refused.status).toBe(400);

      expect(() => setSettingValue(env.runtime, 'renderBrowsers', 'ftp://nowhere/')).toThrow(/renderBrowsers/);
      setSettingValue(env.runtime, 'renderBrowsers', UNREACHABLE);
      const job = startExportJob(env.runtime, { orgId: env.orgId, domain: env.domain, deployment: 'air-gapped' });
      worker.start();
      const deadline = Date.now() + 60_000;
      let row = findExportJob(env.runtime.db, job.id);
      while (row?.status !== 'failed' && row?.status !== 'completed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        row = findExportJob(env.runtime.db, job.id);
      }
      expect(row?.status).toBe('failed');
      expect(row?.error).toContain(UNREACHABLE);
    } finally {
      await worker.stop();
      await env.close();
    }
  }, 120_000);
});
