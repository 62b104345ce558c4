/**
 * Issue 13, what a loaded site model costs: the process holds one model per build, whoever reads it (an
 * export of the build the live site serves used to load a second copy for its whole run), and the pages of
 * a large project share V8's hidden classes (each page object had a class of its own: ~0.5 KB more per
 * page, 5 MB at 10,000 pages).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { getCurrentSite } from '../server/domain/sites.js';
import { startExportSite } from '../server/export/siteServer.js';
import { buildModel, cacheModel } from '../server/sites/project/buildModels.js';
import { loadSiteProject } from '../server/sites/project/load.js';
import type { SitePage } from '../server/sites/project/model.js';
import { AIR_GAPPED, importExportFixture, type ExportSiteFixture } from './helpers/exportRun.js';
import { ALL_SHAPES, writeProject } from './helpers/siteProjects.js';

/** Pages of the generated project: enough for V8 to meet every shape of page record many times. */
const PAGES = 400;

/** Frontmatter that varies from page to page as real projects' does (which fields are present). */
function frontmatterOf(i: number): string[] {
  const lines = [`title: Page ${i}`];
  if (i % 2 === 0) lines.push(`description: About page ${i}`);
  if (i % 3 === 0) lines.push('icon: rocket');
  if (i % 5 === 0) lines.push('tag: NEW');
  if (i % 7 === 0) lines.push('mode: wide');
  if (i % 11 === 0) lines.push('sidebarTitle: Short');
  if (i % 13 === 0) lines.push('boost: 2');
  return lines;
}

function variedProject(): string {
  const files: Record<string, unknown> = {};
  const pages: string[] = [];
  for (let i = 0; i < PAGES; i++) {
    const path = `p/page-${i}`;
    files[`${path}.mdx`] = ['---', ...frontmatterOf(i), '---', '', `Text of page ${i}.`, ''].join('\n');
    pages.push(path);
  }
  files['docs.json'] = {
    name: 'Shapes',
    theme: 'mint',
    colors: { primary: '#112233' },
    navigation: { groups: [{ group: 'All', pages }] },
  };
  return writeProject(files);
}

/**
 * Whether two objects have the same hidden class: V8's own `%HaveSameMap`, compiled in a fresh context once
 * natives syntax is allowed (no command-line flag needed), as test/helpers/gc.ts exposes `gc()`.
 */
function sameHiddenClass(): (a: SitePage, b: SitePage) => boolean {
  setFlagsFromString('--allow-natives-syntax');
  const check: unknown = runInNewContext('(a, b) => %HaveSameMap(a, b)');
  if (typeof check !== 'function') throw new Error('%HaveSameMap could not be compiled');
  return (a, b) => Reflect.apply(check, undefined, [a, b]) === true;
}

describe('the site model in memory', () => {
  let fixture: ExportSiteFixture | undefined;
  afterAll(() => fixture?.rt.close());

  it("an export's site server serves the model the process already holds for the build", async () => {
    fixture = await importExportFixture(ALL_SHAPES);
    const current = getCurrentSite(fixture.rt, fixture.projectId);
    expect(current?.buildId).toBe(fixture.buildId);
    const site = await startExportSite(fixture.rt, fixture.projectId, fixture.buildId, AIR_GAPPED);
    try {
      expect(site.build.model).toBe(current?.model);
      // And the other way round: a model the export loaded first is the one the live site gets.
      expect(getCurrentSite(fixture.rt, fixture.projectId)?.model).toBe(site.build.model);
    } finally {
      await site.close();
    }
  });

  it("an export's site server forgets the pages it rendered when its rendering is over", async () => {
    fixture ??= await importExportFixture(ALL_SHAPES);
    const site = await startExportSite(fixture.rt, fixture.projectId, fixture.buildId, AIR_GAPPED);
    try {
      const paths = [...site.build.model.pages.values()].slice(0, 3).map((page) => page.url);
      expect(paths).toHaveLength(3);
      const read = (path: string): Promise<string> => fetch(site.origin + path).then((res) => res.text());
      const first = await Promise.all(paths.map(read));
      expect(site.renderedPagesKept()).toBe(3);
      site.forgetRenderedPages();
      expect(site.renderedPagesKept()).toBe(0);
      // Asked again (the assembly reads the 404 page), a page is rendered anew, the same.
      expect(await read(paths[0] ?? '/')).toBe(first[0]);
      expect(site.renderedPagesKept()).toBe(1);
    } finally {
      await site.close();
    }
  });

  it('keeps the model of a build in use however many other builds are read after it', () => {
    const served = variedProject();
    const model = buildModel(served);
    // Twenty other builds read, the served one read again between them (each page load reads it).
    const other = loadSiteProject(ALL_SHAPES);
    for (let i = 0; i < 20; i++) {
      cacheModel(`/nowhere/build-${i}`, other);
      expect(buildModel(served)).toBe(model);
    }
  });

  it('pages whose frontmatter has the same fields share one hidden class, however many pages there are', () => {
    const model = loadSiteProject(variedProject());
    const pages = [...model.pages.values()];
    expect(pages).toHaveLength(PAGES);
    const same = sameHiddenClass();
    // Pages with a title only, spread over the whole project among pages of other shapes.
    const plain = pages.filter((page) => Object.keys(page.frontmatter).length === 1);
    expect(plain.length).toBeGreaterThan(50);
    const first = plain[0];
    if (first === undefined) throw new Error('no plain page');
    for (const page of plain.slice(1)) expect(same(first, page), page.path).toBe(true);
  });
});
