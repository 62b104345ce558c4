/**
 * What the export reads from its private site server stays on that server: an answer that redirects (a
 * project's redirect whose source matches a changelog feed's path, say) is never followed by the export
 * process, so a project cannot make the exporting machine fetch an intranet URL and carry its bytes in the
 * bundle. A stand-in site server answers the redirect; a second server stands for the intranet host.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedFiles } from '../server/export/feeds.js';
import { fetchFromSite } from '../server/export/siteFetch.js';
import { silentLogger } from '../server/logger.js';
import { loadSiteProject } from '../server/sites/project/load.js';
import { tempDir } from './helpers/dataDirs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let intranetHits = 0;
const intranet = createServer((_req, res) => {
  intranetHits++;
  res.writeHead(200, { 'Content-Type': 'application/rss+xml' });
  res.end('<rss>INTRANET-SECRET</rss>');
});
let intranetUrl = '';
// Every path redirects to the intranet host, as a project redirect `/changelog/:slug` would.
const site = createServer((_req, res) => {
  res.writeHead(307, { Location: `${intranetUrl}/secret` });
  res.end();
});
let siteUrl = '';

beforeAll(async () => {
  intranetUrl = await listen(intranet);
  siteUrl = await listen(site);
});
afterAll(() => {
  intranet.close();
  site.close();
});

describe("the export's reads from its site server", () => {
  it('never follow a redirect', async () => {
    const response = await fetchFromSite(`${siteUrl}/_offprint/search/manifest.json`, 'The file', silentLogger());
    expect(response.status).toBe(307);
    expect(intranetHits).toBe(0);
  });

  it('leave a changelog feed that redirects out of the bundle, and fetch nothing behind it', async () => {
    const project = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'changelog'] } }),
      'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
      'changelog.mdx': '---\ntitle: Changelog\nrss: true\n---\n\n<Update label="v1">First.</Update>\n',
    });
    const bundleDir = tempDir();
    const feeds = new FeedFiles(siteUrl, bundleDir, loadSiteProject(project), () => true, silentLogger());
    expect(await feeds.file('/changelog/rss.xml')).toBeNull();
    expect(existsSync(join(bundleDir, 'changelog', 'rss.xml'))).toBe(false);
    expect(intranetHits).toBe(0);
  });
});
