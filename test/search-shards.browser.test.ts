/**
 * The sharded search index from file:// in Chromium, on 3,000 generated pages: a query loads the
 * manifest, its word's term shards and the doc chunks of the results shown, as plain script tags, and
 * nothing more (bounded in count and bytes, whatever the page count).
 */
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, type Browser } from '../server/render/chromium.js';
import { MAX_FILES_PER_WORD } from '../server/sites/theme/client/searchMatch.js';
import { themeAsset } from '../server/sites/theme/assets.js';
import { tempDir } from './helpers/dataDirs.js';
import { memoryShards, writeShardScripts } from './helpers/searchShards.js';

const PAGES = 3000;
const WORDS = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar'.split(' ');
let browser: Browser;
let dir: string;
const largest = { manifest: 0, t: 0, d: 0 };
let totalBytes = 0;

beforeAll(async () => {
  dir = tempDir('offprint-shards-');
  const docs = Array.from({ length: PAGES }, (_, i) => ({
    u: `../p/${i}.html`,
    t: `Page ${i} ${WORDS[i % WORDS.length] ?? ''}`,
    x: `Body of page ${i}: ${WORDS[(i * 7) % WORDS.length] ?? ''} token${i} ${WORDS[(i * 3) % WORDS.length] ?? ''}.`,
  }));
  const files = await memoryShards(docs);
  writeShardScripts(files, join(dir, 'search'));
  totalBytes = [...files.keys()].reduce((sum, name) => sum + statSync(join(dir, 'search', `${name}.js`)).size, 0);
  for (const name of files.keys()) {
    const size = statSync(join(dir, 'search', `${name}.js`)).size;
    const kind = name === 'manifest' ? 'manifest' : name.startsWith('d') ? 'd' : 't';
    largest[kind] = Math.max(largest[kind], size);
  }
  const theme = themeAsset('theme.js');
  writeFileSync(join(dir, 'theme.js'), theme?.body ?? '');
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>t</title>' +
      '<link rel="op-search-index" href="search/manifest.js"><script src="theme.js" defer></script></head>' +
      '<body><button data-op-search-open>Search</button></body></html>',
  );
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser.close();
});

it('finds a page among 3,000 from disk, loading a bounded number of small scripts', async () => {
  const page = await browser.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/search/')) scripts.push(fileURLToPath(request.url()));
  });
  await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
  await page.keyboard.press('Control+k');
  await page.locator('input.op-search-input').fill('token1234 echo');
  await page.waitForSelector('.op-search-result');
  const first = await page.$eval('.op-search-result a', (a) => (a as HTMLAnchorElement).href);
  expect(first).toBe(pathToFileURL(join(dir, 'p', '1234.html')).href);
  expect(await page.textContent('.op-search-result mark')).toBe('token1234');
  // The manifest, up to MAX_FILES_PER_WORD term shards or heads per word (2 words), one doc chunk per hit shown (12).
  expect(scripts.length).toBeLessThanOrEqual(1 + 2 * MAX_FILES_PER_WORD + 12);
  const bytes = scripts.reduce((sum, file) => sum + statSync(file).size, 0);
  // The goal is 2 MB at 10,000 pages; here what the files loaded may weigh at most, and a third of this
  // small index (a word's own shard, its neighbours for typos, 12 doc chunks).
  expect(bytes).toBeLessThanOrEqual(largest.manifest + 2 * MAX_FILES_PER_WORD * largest.t + 12 * largest.d);
  expect(bytes).toBeLessThan(Math.min(2 * 2 ** 20, totalBytes / 3));
  await page.close();
}, 60_000);
