/**
 * Issue 13, memory of a large import: the staging thread hands its build over through a file, writing
 * pages a batch at a time as it loads them and keeping none, read once the thread has exited
 * (server/sites/import/handover.ts), instead of one message holding the whole model. What comes out must
 * be the model that went in: the same pages in the same order, each page's OpenAPI operation the very
 * object its spec lists, and no file left behind.
 */
import { existsSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownerPid } from '../server/domain/siteSweep.js';
import { handoverFile, openHandover, readStagedBuild } from '../server/sites/import/handover.js';
import { importLimits } from '../server/sites/import/limits.js';
import { stageBuildOffThread } from '../server/sites/import/offThread.js';
import { stageBuild, type StagedBuild } from '../server/sites/import/stage.js';
import type { SitePage } from '../server/sites/project/model.js';
import { tempDir } from './helpers/dataDirs.js';
import { gc } from './helpers/gc.js';

const fixture = join(import.meta.dirname, 'fixtures', 'all-shapes');

/** Hands `staged` over to `file` the way a staging thread does: page by page, then the rest. */
function writeStagedBuild(file: string, staged: StagedBuild, pagesPerRecord: number): void {
  const handover = openHandover(file, pagesPerRecord);
  const { pages, ...model } = staged.model;
  for (const page of pages.values()) handover.page(page);
  handover.finish({ ...staged, model });
}

function freshDir(): string {
  return join(tempDir('offprint-handover-'), `01HANDOVER-${process.pid}`);
}

/** The model's pages as handed over must be these, in this order, with their specs' own operations. */
function expectSameBuild(read: StagedBuild, staged: StagedBuild): void {
  expect([...read.model.pages.keys()]).toEqual([...staged.model.pages.keys()]);
  expect(read.model).toEqual(staged.model);
  expect({ ...read, model: null }).toEqual({ ...staged, model: null });
  const listed = [...read.model.specs.values()].flatMap((spec) => spec.operations);
  const bound = [...read.model.pages.values()].filter((page) => page.operation !== undefined);
  expect(bound.length).toBeGreaterThan(1);
  for (const page of bound) expect(listed, page.path).toContain(page.operation);
}

describe('the hand-over of a staged build', () => {
  it('gives back the model written, a few pages a record, and deletes its file', () => {
    const staged = stageBuild(fixture, freshDir(), importLimits());
    const file = handoverFile(staged.dir);
    writeStagedBuild(file, staged, 2);
    // One record per two pages, then the build.
    expect(statSync(file).size).toBeGreaterThan(0);
    expectSameBuild(readStagedBuild(file), staged);
    expect(existsSync(file)).toBe(false);
  });

  it('gives back as itself an operation its spec does not list as that object', () => {
    const staged = stageBuild(fixture, freshDir(), importLimits());
    const [path, bound] = [...staged.model.pages].find(([, page]) => page.operation !== undefined) ?? [];
    if (path === undefined || bound?.operation === undefined) throw new Error('the fixture has no endpoint page');
    const copy = { ...bound.operation, summary: 'a copy no spec lists' };
    const pages = new Map(staged.model.pages).set(path, { ...bound, operation: copy });
    const changed = { ...staged, model: { ...staged.model, pages } };
    const file = handoverFile(staged.dir);
    writeStagedBuild(file, changed, 2);
    const read = readStagedBuild(file);
    expect(read.model).toEqual(changed.model);
    expect(read.model.pages.get(path)?.operation).toMatchObject({ summary: 'a copy no spec lists' });
  });

  it('reads a string the model holds in many places back as one string, not one copy per place', () => {
    const staged = stageBuild(fixture, freshDir(), importLimits());
    const [first] = staged.model.pages.values();
    if (first === undefined) throw new Error('the fixture has no page');
    // One 8 kB description, in every page and its frontmatter: V8's serializer writes it out each time.
    const description = 'Shared words. '.repeat(600);
    const pages = new Map<string, SitePage>();
    for (let i = 0; i < 2000; i++) {
      const path = `copies/p${i}`;
      pages.set(path, { ...first, path, description, frontmatter: { ...first.frontmatter, description } });
    }
    const file = handoverFile(staged.dir);
    writeStagedBuild(file, { ...staged, model: { ...staged.model, pages } }, 100);
    gc();
    const before = process.memoryUsage().heapUsed;
    const read = readStagedBuild(file);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(read.model.pages.get('copies/p1999')?.frontmatter['description']).toBe(description);
    // 4,000 copies would be 32 MB; the pages themselves are a few MB.
    expect(grown).toBeLessThan(12 * 1024 * 1024);
  });

  it('refuses a file that ends before the build, and deletes it', () => {
    const staged = stageBuild(fixture, freshDir(), importLimits());
    const file = handoverFile(staged.dir);
    const handover = openHandover(file, 2);
    for (const page of staged.model.pages.values()) handover.page(page);
    handover.discard();
    expect(existsSync(file)).toBe(false);
    writeFileSync(file, '');
    expect(() => readStagedBuild(file)).toThrow(/ends before the build/);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a file cut short, and deletes it', () => {
    const staged = stageBuild(fixture, freshDir(), importLimits());
    const file = handoverFile(staged.dir);
    writeStagedBuild(file, staged, 2);
    truncateSync(file, statSync(file).size - 10);
    expect(() => readStagedBuild(file)).toThrow(/cut short/);
    expect(existsSync(file)).toBe(false);
  });

  it('is what an import off the event loop returns: the same build as staging in-process', async () => {
    const inProcess = stageBuild(fixture, freshDir(), importLimits());
    const dir = freshDir();
    const offThread = await stageBuildOffThread(fixture, dir, importLimits());
    expectSameBuild(
      { ...offThread, dir: inProcess.dir },
      { ...inProcess, model: { ...inProcess.model, rootDir: dir } },
    );
    expect(readdirSync(dirname(dir))).toEqual([`01HANDOVER-${process.pid}`]);
  });

  it('leaves neither a build folder nor a hand-over file when staging fails', async () => {
    const dir = freshDir();
    const broken = join(tempDir('offprint-handover-src-'), 'docs.json');
    writeFileSync(broken, '{ "name": ');
    await expect(stageBuildOffThread(dirname(broken), dir, importLimits())).rejects.toMatchObject({ status: 400 });
    expect(readdirSync(dirname(dir))).toEqual([]);
  });

  it('is named after the importing process, so the start-up sweep leaves a live one alone', () => {
    expect(ownerPid(`01HANDOVER-${process.pid}.model`)).toBe(process.pid);
    expect(handoverFile('/data/sites/.staging/01ABC-42')).toBe('/data/sites/.staging/01ABC-42.model');
  });
});
