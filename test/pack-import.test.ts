/**
 * A packed zip imported offline: remote images, the video, its poster and the logo are served from the
 * packed copies, and the API tab from the packed spec (no longer empty); a lock entry whose copy is
 * missing or altered, or a lock that does not validate, is ignored with a problem; an unpacked project
 * lists each remote asset in its import report and its pages show placeholders.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, defaultOrganizationId } from '../server/domain/organizations.js';
import { importSiteAndIndex } from '../server/domain/sites.js';
import { silentLogger } from '../server/logger.js';
import { DEFAULT_PACK_LIMITS, packProject, type PackReport } from '../server/pack/pack.js';
import { extractZip } from '../server/sites/import/zip.js';
import { importLimits } from '../server/sites/import/limits.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { tempDir } from './helpers/dataDirs.js';
import { remoteProject, startInternet, type Internet } from './helpers/packInternet.js';
import { openTempRuntime } from './helpers/siteProjects.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';

let net: Internet;
let project: string;
let report: PackReport;
let served: SiteServe;

const copyOf = (path: string): string => {
  const entry = report.packed.find((p) => p.url === `${net.base}${path}`);
  if (entry === undefined) throw new Error(`${path} was not packed`);
  return `/${entry.path}`;
};

beforeAll(async () => {
  net = await startInternet();
  project = remoteProject(net.base);
  const limits = { ...DEFAULT_PACK_LIMITS, allowHttp: true, allowPrivateHosts: true };
  report = await packProject(project, join(tempDir(), 'packed.zip'), limits, silentLogger());
  await net.close();
  // From here on "the internet" is gone: everything must come from the zip.
  served = await startSiteServe({ source: report.out });
}, 180_000);
afterAll(() => served.close());

describe('importing a packed project', () => {
  it('renders remote images as real <img> of their packed copies, served by the site', async () => {
    const html = await (await served.site('/')).text();
    expect(html).toContain(`<img src="${copyOf('/img.png')}" alt="Screenshot"`);
    expect(html).toContain(`<img src="${copyOf('/hop?n=3')}" alt="Framed"`);
    expect(html).toContain(`class="op-logo-img op-logo-light nav-logo" src="${copyOf('/logo.png')}"`);
    expect(html).not.toContain(net.base);
    const image = await served.site(copyOf('/img.png'));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('plays the video from its copy with the packed poster; unpacked ones stay placeholders', async () => {
    const html = await (await served.site('/media')).text();
    expect(html).toMatch(new RegExp(`<video controls="" poster="${copyOf('/poster')}">`));
    expect(html).toContain(`<source src="${copyOf('/clip.mp4')}" type="video/mp4"/>`);
    expect(html).toContain(`data-op-remote-src="${net.base}/missing.png"`);
    expect(html).toContain(`class="op-remote-media op-remote-embed" data-op-remote-src="${net.base}/embed"`);
  });

  it('builds the API reference tab from the packed spec, and binds the pages that inherit it', async () => {
    const response = await served.site('/api-reference/widgets/list-widgets');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('List widgets');
    const inherited = await (await served.site('/widgets')).text();
    expect(inherited).toContain('<span class="op-endpoint-path">/widgets</span>');
  });
});

describe('the lock file on import', () => {
  const unpacked = (): string => {
    const dir = join(tempDir(), 'p');
    extractZip(report.out, dir, importLimits(), 'packed.zip');
    return dir;
  };

  it('ignores an entry whose copy was altered or removed, with a problem naming it', () => {
    const dir = unpacked();
    writeFileSync(join(dir, ...copyOf('/poster').slice(1).split('/')), 'altered');
    rmSync(join(dir, ...copyOf('/clip.mp4').slice(1).split('/')));
    const model = loadSiteProject(dir);
    expect(model.remoteAssets.has(`${net.base}/poster`)).toBe(false);
    expect(model.remoteAssets.has(`${net.base}/img.png`)).toBe(true);
    const messages = model.problems.filter((p) => p.code === 'remote-asset').map((p) => [p.file, p.message]);
    expect(messages).toEqual([
      [
        '_offprint-remote/lock.json',
        `${net.base}/clip.mp4: the packed copy ${copyOf('/clip.mp4').slice(1)} is missing; not used`,
      ],
      [
        '_offprint-remote/lock.json',
        `${net.base}/poster: the packed copy ${copyOf('/poster').slice(1)} does not match its sha256; not used`,
      ],
    ]);
  });

  it('ignores a lock that does not validate, with one problem', () => {
    const dir = unpacked();
    writeFileSync(join(dir, '_offprint-remote', 'lock.json'), JSON.stringify({ schemaVersion: 9, entries: [] }));
    const model = loadSiteProject(dir);
    expect(model.remoteAssets.size).toBe(0);
    const lockProblems = model.problems.filter((p) => p.file === '_offprint-remote/lock.json');
    expect(lockProblems.map((p) => p.message)).toEqual([
      'the lock file is not a valid lock (schemaVersion: Invalid input: expected 1); packed copies are not used',
    ]);
    expect(model.problems.some((p) => p.code === 'remote-spec')).toBe(true);
  });
});

describe('importing a project that was not packed', () => {
  const rt = openTempRuntime();
  afterAll(() => rt.close());

  it('lists each remote asset as a problem telling to run offprint pack', async () => {
    const internet = await startInternet();
    try {
      const source = remoteProject(internet.base);
      const projectId = createProject(rt, { orgId: defaultOrganizationId(rt), name: 'r', domain: 'r.localhost' }).id;
      const imported = await importSiteAndIndex(rt, projectId, source);
      const remote = imported.model.problems
        .filter((p) => ['remote-asset', 'remote-spec', 'missing-operation'].includes(p.code))
        .map((p) => [p.code, p.file, p.message.replace(internet.base, 'URL')]);
      const hint = 'cannot load offline; run `offprint pack` on a connected machine and import its zip';
      expect(remote).toEqual(
        expect.arrayContaining([
          ['remote-spec', 'docs.json', expect.stringContaining('run `offprint pack` on a connected machine')],
          [
            'missing-operation',
            'widgets.mdx',
            'openapi "GET /widgets": the spec the config names by URL is not fetched (see its remote-spec problem), and no local one has it',
          ],
          ['remote-asset', 'docs.json', `URL/logo.png: an image hosted elsewhere ${hint}`],
          ['remote-asset', 'index.mdx', `URL/img.png: media hosted elsewhere ${hint}`],
          ['remote-asset', 'media.mdx', `URL/clip.mp4: media hosted elsewhere ${hint}`],
          ['remote-asset', 'media.mdx', `URL/poster: media hosted elsewhere ${hint}`],
        ]),
      );
      // Nothing was fetched: an import never goes to the network.
      expect(internet.hits.size).toBe(0);
    } finally {
      await internet.close();
    }
  }, 120_000);
});
