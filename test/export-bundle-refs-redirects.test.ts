/**
 * A link the site's redirects send on leads to the bundle file of the page where they end, when the
 * destination is written in any script: a redirect's Location is percent-encoded, the pages are not.
 */
import { describe, expect, it } from 'vitest';
import { BundleRefs } from '../server/export/bundleRefs.js';
import type { ExportSite } from '../server/export/siteServer.js';
import { silentLogger } from '../server/logger.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { newBuild } from '../server/sites/serve/build.js';
import { resolveSiteScripts } from '../server/sites/serve/scripts.js';
import { tempDir } from './helpers/dataDirs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

function refsFor(redirects: readonly object[], pages: Record<string, string>): BundleRefs {
  const dir = writeProject({ 'docs.json': docsJson({ redirects }), 'index.mdx': '# Home\n', ...pages });
  const build = newBuild('prj', 'build', dir, loadSiteProject(dir));
  const site: ExportSite = {
    build,
    scripts: resolveSiteScripts(dir, build.model, []),
    origin: 'http://127.0.0.1:9',
    publicOrigin: 'https://docs.example.com',
    canonicalOrigin: 'https://docs.example.com',
    domain: 'docs.example.com',
    siteName: 'Test',
    forgetRenderedPages: () => undefined,
    renderedPagesKept: () => 0,
    close: () => Promise.resolve(),
  };
  const pageFiles = new Map(
    [...build.model.pages.values()].map((page) => [page.url, `${page.url.slice(1) || 'index'}.html`]),
  );
  return new BundleRefs({
    site,
    bundleDir: tempDir(),
    logger: silentLogger(),
    pageFiles,
    rewrite: () => Promise.resolve(),
  });
}

describe('links through redirects', () => {
  it('reach a page whose path is not ASCII, written as text or captured by a parameter', () => {
    const refs = refsFor(
      [
        { source: '/alt', destination: '/guides/über#start' },
        { source: '/old/:slug', destination: '/guides/:slug' },
      ],
      { 'guides/über.mdx': '# Über\n', 'guides/日本.mdx': '# 日本\n' },
    );
    expect(refs.navigationTarget('/alt')).toEqual({ file: 'guides/über.html', hash: '#start' });
    expect(refs.navigationTarget('/old/日本')).toEqual({ file: 'guides/日本.html', hash: '' });
  });
});
