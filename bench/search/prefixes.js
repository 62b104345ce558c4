#!/usr/bin/env node
/**
 * `bench/search/prefixes.js`: how close the sharded search comes to the single-index reference engine
 * (MiniSearch over every page, test/helpers/referenceSearch.ts) for short prefixes, the first keystrokes
 * of a query, on sites of real text (bench/search/sites.js). A short prefix of a big site spans more term
 * shards than one word may load; its head (server/sites/search/heads.ts) stands for them. For each size,
 * prints over 28 prefixes: the share of the reference's top-10 pages (by text: copies of a page count
 * once) that the sharded search also lists in its top 10, and how often both put the same page first,
 * with heads and without (the index's own first shards only, as before heads existed).
 *
 *   node bench/search/prefixes.js [--pages 2000,10000]
 *
 * Runs the repository's TypeScript sources (bundled on the fly with esbuild); no build needed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { records } from './sites.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PREFIXES =
  'co con in wo no pr su se ap de re ch us me tr wor work not noti sub subs int api web wf tri trig ste'.split(' ');

/** The engines, from the repository's sources. */
async function loadEngines() {
  const dir = mkdtempSync(join(tmpdir(), 'offprint-prefixes-'));
  const entry = join(dir, 'entry.ts');
  const source = [
    `export { createSearchEngine } from ${JSON.stringify(join(REPO_ROOT, 'test/helpers/referenceSearch.ts'))};`,
    `export { buildSearchShards, MemorySink } from ${JSON.stringify(join(REPO_ROOT, 'server/sites/search/shards.ts'))};`,
    `export { createShardedSearch } from ${JSON.stringify(join(REPO_ROOT, 'server/sites/theme/client/searchShards.ts'))};`,
  ].join('\n');
  writeFileSync(entry, source);
  const outfile = join(dir, 'engines.mjs');
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
    nodePaths: [join(REPO_ROOT, 'node_modules')],
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function compare(engines, pages) {
  const docs = records(pages);
  const sink = new engines.MemorySink();
  await engines.buildSearchShards(docs, sink);
  const manifest = JSON.parse(sink.files.get('manifest'));
  const withoutHeads = new Map(sink.files);
  withoutHeads.set('manifest', JSON.stringify({ ...manifest, heads: undefined }));
  const reference = engines.createSearchEngine({ version: 1, docs });
  // Copies of a page (the generator cycles the fixture's texts) are one result.
  const textOf = (url) => docs[Number(url.split('#')[0].slice('/p/'.length))].x.slice(0, 200);
  const score = { heads: { recall: 0, first: 0 }, none: { recall: 0, first: 0 } };
  for (const prefix of PREFIXES) {
    const want = reference
      .search(prefix)
      .slice(0, 10)
      .map((hit) => textOf(hit.url));
    for (const [name, files] of [
      ['heads', sink.files],
      ['none', withoutHeads],
    ]) {
      const engine = engines.createShardedSearch((file) => Promise.resolve(JSON.parse(files.get(file))));
      const got = (await engine.search(prefix)).slice(0, 10).map((hit) => textOf(hit.url));
      const wanted = new Set(want);
      score[name].recall += new Set(got.filter((text) => wanted.has(text))).size / Math.max(1, wanted.size);
      if (got[0] === want[0]) score[name].first += 1;
    }
  }
  const pct = (value) => `${((100 * value) / PREFIXES.length).toFixed(0)}%`;
  console.log(
    `${pages} pages: ${manifest.shards.length} term shards, ${manifest.heads?.length ?? 0} heads; ` +
      `reference top 10 found: ${pct(score.heads.recall)} with heads, ${pct(score.none.recall)} without; ` +
      `same first page: ${score.heads.first}/${PREFIXES.length} with heads, ${score.none.first}/${PREFIXES.length} without`,
  );
}

const { values } = parseArgs({ options: { pages: { type: 'string', default: '2000,10000' } } });
const engines = await loadEngines();
for (const pages of values.pages.split(',').map(Number)) await compare(engines, pages);
