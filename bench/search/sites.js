/**
 * The sites `run.js` searches: N pages of real text (the novu fixture's pages, read in place, cycled
 * with distinct titles), written twice from disk-openable folders: "before" (one index script and
 * MiniSearch, as pages searched until the index was sharded) and "after" (the sharded index and the
 * theme's own client, dist/site-theme/theme.js).
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'esbuild';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = join(REPO_ROOT, '../shared/fixtures/novu-docs');

function mdxFiles(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (name.startsWith('.') || name === 'node_modules') continue;
    if (statSync(full).isDirectory()) mdxFiles(full, out);
    else if (name.endsWith('.mdx')) out.push(full);
  }
  return out;
}

/** Title, headings and plain text of an MDX file, roughly (markup and code stripped). */
function pageText(file) {
  const source = readFileSync(file, 'utf8');
  const title = /^title:\s*['"]?(.+?)['"]?\s*$/m.exec(source)?.[1] ?? relative(FIXTURE, file);
  const body = source.replace(/^---[\s\S]*?---/, '').replace(/```[\s\S]*?```/g, ' ');
  const headings = [...body.matchAll(/^#{2,3}\s+(.+)$/gm)].map((m, i) => [`h${i}`, m[1].trim()]);
  const text = body
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#*`>|[\]()_{}]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 64_000);
  // As the site's records (server/sites/search/build.ts): 8,000 characters shipped, the rest indexed only.
  const x = text.slice(0, 8000);
  const r = text.slice(8000);
  return { title, headings, x, ...(r ? { r } : {}) };
}

/** `pages` search records over the fixture's texts, each title distinct. */
export function records(pages) {
  const texts = mdxFiles(FIXTURE).map(pageText);
  return Array.from({ length: pages }, (_, i) => {
    const text = texts[i % texts.length];
    const copy = Math.floor(i / texts.length);
    return {
      u: `/p/${i}`,
      t: copy === 0 ? text.title : `${text.title} (${copy + 1})`,
      s: `Copy ${copy + 1}`,
      ...(text.headings.length ? { h: text.headings } : {}),
      x: text.x,
      ...(text.r ? { r: text.r } : {}),
    };
  });
}

const PAGE = (head) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>bench</title>${head}</head>` +
  `<body><button data-op-search-open>Search</button></body></html>`;

/** Writes the "before" folder: one index script, MiniSearch in the page. */
export async function writeBefore(dir, docs) {
  mkdirSync(dir, { recursive: true });
  // The single index of before shipped each page's capped text only.
  const bundled = docs.map((d) => {
    const shipped = { ...d, u: `p/${d.u.slice(3)}.html` };
    delete shipped.r;
    return shipped;
  });
  writeFileSync(
    join(dir, 'search-index.js'),
    `window.__offprintSearchIndex = ${JSON.stringify({ version: 1, docs: bundled })};\n`,
  );
  await build({
    entryPoints: [join(REPO_ROOT, 'bench/search/legacy-entry.js')],
    bundle: true,
    minify: true,
    format: 'iife',
    outfile: join(dir, 'legacy.js'),
    logLevel: 'warning',
  });
  writeFileSync(join(dir, 'index.html'), PAGE('<script src="legacy.js" defer></script>'));
  return join(dir, 'index.html');
}

/** Writes the "after" folder: the sharded index (built by dist/) and the theme's client. */
export async function writeAfter(dir, docs) {
  const { buildSearchShards } = await import(join(REPO_ROOT, 'dist/server/sites/search/shards.js'));
  const { searchScript } = await import(join(REPO_ROOT, 'dist/server/sites/theme/searchFormat.js'));
  mkdirSync(join(dir, 'search'), { recursive: true });
  const sink = { write: (name, json) => writeFileSync(join(dir, 'search', `${name}.js`), searchScript(name, json)) };
  // Chunk files sit in search/: page URLs relative to them.
  await buildSearchShards(
    (function* () {
      for (const d of docs) yield { ...d, u: `../p/${d.u.slice(3)}.html` };
    })(),
    sink,
  );
  writeFileSync(join(dir, 'theme.js'), readFileSync(join(REPO_ROOT, 'dist/site-theme/theme.js')));
  writeFileSync(
    join(dir, 'index.html'),
    PAGE('<link rel="op-search-index" href="search/manifest.js"><script src="theme.js" defer></script>'),
  );
  return join(dir, 'index.html');
}
