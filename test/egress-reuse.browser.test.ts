/**
 * The egress check reusing what an earlier export proved (server/export/egress/proofStore.ts), in real
 * Chromium on a stand-in bundle: a load is opened again exactly when its page or a file it read changed
 * (or the check did), a shared script that starts calling out is caught on every page that loads it, a
 * failing load fails again without a second opening, a load that read what no digest covers is never
 * kept, what a stopped check proved is kept too, and a reused load brings the errors it met.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ExportFailedError } from '../server/export/contract.js';
import type { EgressCheckInput } from '../server/export/egress/prove.js';
import { bundleDigest } from '../server/export/egress/journal.js';
import type { EgressProof } from '../server/export/egressProof.js';
import { tempDir } from './helpers/dataDirs.js';
import { checkStandInBundle, startOutside, type Outside } from './helpers/egressStandIn.js';
import { needsChromium } from './helpers/needs.js';

const page = (title: string, head: string, body: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

/** The stand-in bundle: two pages share a script, three share a style sheet, one has an image of its own. */
const FILES: Record<string, string> = {
  'index.html': page(
    'Home',
    '<link rel="stylesheet" href="assets/site.css"><script src="assets/site.js"></script>',
    '<img src="img/a.svg" alt="">',
  ),
  'guide.html': page(
    'Guide',
    '<link rel="stylesheet" href="assets/site.css"><script src="assets/site.js"></script>',
    '<p>Guide</p>',
  ),
  'other.html': page('Other', '<link rel="stylesheet" href="assets/site.css">', '<p>Other</p>'),
  'assets/site.css': 'body { font-family: sans-serif; }',
  'assets/site.js': 'document.documentElement.dataset.ready = "1";',
  'img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>',
};

interface Run {
  readonly proof: EgressProof;
  /** The loads the check opened (`mode file`), sorted. */
  readonly opened: string[];
  /** The loads it opened in this run (onPage). */
  readonly pagesOpened: number;
  readonly reused: number;
}

function writeBundle(files: Record<string, string>): string {
  const dir = join(tempDir('offprint-reuse-'), 'bundle');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

function describeBundle(dir: string, names: readonly string[]): { digest: string; digests: Map<string, string> } {
  const files = names.map((path) => {
    const bytes = readFileSync(join(dir, path));
    return { path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  });
  return { digest: bundleDigest(files), digests: new Map(files.map((file) => [file.path, file.sha256])) };
}

needsChromium().describe('the egress check reuses what an earlier export proved', () => {
  let outside: Outside;
  /** One project's store, shared by the checks of a test (a fresh work folder each time, like a new job). */
  let store: string;

  beforeAll(async () => {
    outside = await startOutside();
  });
  afterAll(async () => {
    await outside?.close();
  });

  /** Checks `files` as a new export would: a new folder and journal, the project's store. */
  const check = async (
    files: Record<string, string>,
    extra: Partial<EgressCheckInput> = {},
    dir = writeBundle(files),
  ): Promise<Run> => {
    const names = Object.keys(files).sort();
    const { digest, digests } = describeBundle(dir, names);
    const opened: string[] = [];
    let reused = -1;
    const proof = await checkStandInBundle({
      bundleDir: dir,
      files: names,
      journal: { file: join(dirname(dir), 'egress-check.jsonl'), bundleDigest: digest },
      proofs: { file: store, digests },
      concurrency: 2,
      onStart: (_done, _total, count) => {
        reused = count;
      },
      onPage: (file) => opened.push(file),
      ...extra,
    });
    // The journal names each load checked for this export (its mode too), the ones before a stop included.
    const journal = readFileSync(join(dirname(dir), 'egress-check.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .slice(1);
    const loads = journal.map((line) => JSON.parse(line) as { file: string; mode: string });
    return {
      proof,
      opened: loads.map((load) => `${load.mode} ${load.file}`).sort(),
      pagesOpened: opened.length,
      reused,
    };
  };

  const fresh = (): void => {
    store = join(tempDir('offprint-proofs-'), 'proofs', 'project.jsonl');
  };

  it('opens no page of an unchanged bundle, and proves the same', async () => {
    fresh();
    const first = await check(FILES);
    expect(first.opened).toHaveLength(6);
    expect(first.pagesOpened).toBe(6);
    expect(first.reused).toBe(0);
    expect(existsSync(store)).toBe(true);
    const second = await check(FILES);
    expect(second.opened).toEqual([]);
    expect(second.pagesOpened).toBe(0);
    expect(second.reused).toBe(6);
    expect(second.proof).toEqual(first.proof);
    expect(second.proof).toMatchObject({ pagesChecked: 3, blocked: 0, failures: [] });
    // The store holds the last check's loads, every one still reusable by the next; a next version that a
    // killed export left half-written is swept.
    writeFileSync(`${store}.999999.0a1b2c3d.tmp`, '{"store":"offprint-egress-proofs","version":1}\n');
    expect((await check(FILES)).reused).toBe(6);
    expect(readdirSync(dirname(store))).toEqual(['project.jsonl']);
  });

  it('keeps the errors a load met inside the bundle with it: a reused load reports them again', async () => {
    fresh();
    const broken = {
      ...FILES,
      'broken.html': page('Broken', '<script src="assets/broken.js"></script>', '<p>Broken</p>'),
      'assets/broken.js':
        "addEventListener('DOMContentLoaded', () => { const i = new Image(); i.src = 'img/gone.png'; " +
        "document.body.append(i); console.error('broken', 'page'); });",
    };
    const first = await check(broken);
    expect(first.proof.pageErrors).toEqual([
      { page: 'broken.html', mode: 'file', kind: 'missing-file', detail: 'img/gone.png (net::ERR_FILE_NOT_FOUND)' },
      { page: 'broken.html', mode: 'file', kind: 'script-error', detail: 'broken page' },
      { page: 'broken.html', mode: 'http', kind: 'missing-file', detail: 'img/gone.png (HTTP 404)' },
      { page: 'broken.html', mode: 'http', kind: 'script-error', detail: 'broken page' },
    ]);
    // From disk the load read a URL naming no file of the bundle: never kept, it is opened again. Over
    // HTTP the miss is the host's answer to a path: kept, and what it met comes back with it.
    const second = await check(broken);
    expect(second.opened).toEqual(['file broken.html']);
    expect(second.proof).toEqual(first.proof);
  });

  it('opens again exactly the loads that read a changed file', async () => {
    fresh();
    await check(FILES);
    const image = { ...FILES, 'img/a.svg': FILES['img/a.svg']!.replace('4', '5') };
    expect((await check(image)).opened).toEqual(['file index.html', 'http index.html']);
    const changed = { ...image, 'other.html': page('Other', '', '<p>Changed</p>') };
    expect((await check(changed)).opened).toEqual(['file other.html', 'http other.html']);
    // A new page is opened; the others read nothing that changed.
    const added = { ...changed, 'new.html': page('New', '', '') };
    expect((await check(added)).opened).toEqual(['file new.html', 'http new.html']);
    // Back to the first bytes: the store holds the last export's loads only, so those pages are opened again.
    expect((await check(FILES)).opened).toEqual([
      'file index.html',
      'file other.html',
      'http index.html',
      'http other.html',
    ]);
  });

  it('catches a shared script that starts calling out on every page that loads it', async () => {
    fresh();
    await check(FILES);
    const calling = {
      ...FILES,
      'assets/site.js': `fetch(${JSON.stringify(`${outside.origin}/reuse`)}).catch(() => {});`,
    };
    const run = await check(calling);
    expect(run.opened).toEqual(['file guide.html', 'file index.html', 'http guide.html', 'http index.html']);
    expect(run.proof.failures.map((failure) => failure.page)).toEqual(['guide.html', 'index.html']);
    expect(outside.hits).toEqual([]);
    // Without allowing egress, the next export of the same bytes fails the same way, without opening a page.
    const refused = check(calling, { allowEgress: false });
    await expect(refused).rejects.toBeInstanceOf(ExportFailedError);
    await expect(refused).rejects.toThrow(/guide\.html: http .*\/reuse; index\.html: http/);
  });

  it('records every file a load read, on a target that read the same files the load before', async () => {
    fresh();
    // One worker: one target opens the six loads in a row, each page after one sharing its files, which the
    // browser keeps between loads over HTTP (the static host's validators) but must still ask for.
    const dir = writeBundle(FILES);
    await check(FILES, { concurrency: 1 }, dir);
    const lines = readFileSync(join(dirname(dir), 'egress-check.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .slice(1);
    // Loads over HTTP name the URL paths they requested (what the static host's answers depend on); the
    // browser asks for /favicon.ico once per origin, not once per page.
    const deps = lines.map((line) => {
      const entry = JSON.parse(line) as { file: string; mode: string; deps?: string[] };
      const read = (entry.deps ?? []).map((dep) => dep.replace(/^\//, '')).filter((dep) => dep !== 'favicon.ico');
      return `${entry.mode} ${entry.file}: ${read.sort().join(' ')}`;
    });
    const read = {
      'guide.html': 'assets/site.css assets/site.js guide.html',
      'index.html': 'assets/site.css assets/site.js img/a.svg index.html',
      'other.html': 'assets/site.css other.html',
    };
    expect(deps).toEqual(
      ['file', 'http'].flatMap((mode) => Object.entries(read).map(([page, files]) => `${mode} ${page}: ${files}`)),
    );
  });

  it('opens every page again for another check, and for a store it cannot read', async () => {
    fresh();
    await check(FILES);
    expect((await check(FILES, { timeouts: { settleMs: 60 } })).opened).toHaveLength(6);
    writeFileSync(store, readFileSync(store, 'utf8').replace(/"digest":"[0-9a-f]{4}/g, '"digest":"0000'));
    expect((await check(FILES)).opened).toHaveLength(6);
    writeFileSync(store, '{"store":"something else"}\n' + readFileSync(store, 'utf8').split('\n').slice(1).join('\n'));
    expect((await check(FILES)).opened).toHaveLength(6);
    expect((await check(FILES)).opened).toEqual([]);
    // Five checks in one case: over the default 30 s on a busy two-core machine.
  }, 90_000);

  it('never keeps a load from disk that read a URL naming no file of the bundle', async () => {
    fresh();
    const missing = { ...FILES, 'other.html': page('Other', '', '<img src="img/missing.svg" alt="">') };
    await check(missing);
    // Over HTTP the miss is the static host's answer, which the bundle's files decide: that load is kept.
    expect((await check(missing)).opened).toEqual(['file other.html']);
    // Until the file is there: then the page reads something else over HTTP too.
    const found = { ...missing, 'img/missing.svg': FILES['img/a.svg']! };
    expect((await check(found)).opened).toEqual(['file other.html', 'http other.html']);
    expect((await check(found)).opened).toEqual([]);
  });

  it('keeps what a stopped check proved for the next export, and a resumed check goes on from both', async () => {
    fresh();
    await check(FILES);
    // Every page reads the style sheet: every load is opened again.
    const changed = { ...FILES, 'assets/site.css': 'body { margin: 0; }' };
    const dir = writeBundle(changed);
    const stop = new AbortController();
    // Concurrency 1: one load is checked and journaled, then the check stops.
    const stopped = check(changed, { signal: stop.signal, concurrency: 1, onPage: () => stop.abort() }, dir);
    await expect(stopped).rejects.toThrow();
    expect(readdirSync(dirname(store))).toEqual(['project.jsonl']);
    // A new export of the same bytes (its job cancelled, say) does not open that load again.
    const next = await check(changed);
    expect(next).toMatchObject({ reused: 1, pagesOpened: 5 });
    // The stopped export resumed: its journal has the load it checked, the store the five others.
    const resumed = await check(changed, {}, dir);
    expect(resumed).toMatchObject({ reused: 5, pagesOpened: 0 });
    expect(resumed.proof).toEqual(next.proof);
    expect((await check(changed)).reused).toBe(6);
  });

  it('checks every load, and fails nothing, when the store cannot be kept', async () => {
    // The store's folder cannot be made: a file stands where it would be.
    const blocked = join(tempDir('offprint-proofs-'), 'proofs');
    writeFileSync(blocked, 'not a folder');
    store = join(blocked, 'project.jsonl');
    const first = await check(FILES);
    expect(first.proof).toMatchObject({ pagesChecked: 3, blocked: 0, failures: [] });
    expect(first.pagesOpened).toBe(6);
    expect((await check(FILES)).pagesOpened).toBe(6);
    // A folder where the store would be: it cannot be read nor put in place; nothing is left beside it.
    store = join(tempDir('offprint-proofs-'), 'project.jsonl');
    mkdirSync(store);
    expect((await check(FILES)).pagesOpened).toBe(6);
    expect(readdirSync(dirname(store))).toEqual(['project.jsonl']);
  });
});
