#!/usr/bin/env node
/**
 * `bench/delta`: what a one-page change costs to carry across the air gap. Exports a docs project (default:
 * the novu fixture), then a copy of it (in a temp folder outside the repo) with one page's text and one
 * image changed, and prints: both bundle sizes, the delta's size and share of the new bundle, what the
 * delta holds (pages, search index, other assets, manifests), the time of diff, delta and apply, whether
 * apply rebuilt the new bundle's exact SHA-256, and the diff's text. Uses the built CLI (`npm run build`).
 *
 * Usage: node bench/delta/run.js [--fixture DIR] [--page platform.mdx] [--old OLD.zip --new NEW.zip]
 * (with --old/--new the exports are skipped and those bundles compared).
 */
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(REPO_ROOT, 'dist', 'server', 'cli', 'main.js');

const { values: opts } = parseArgs({
  options: {
    fixture: { type: 'string', default: resolve(REPO_ROOT, '../shared/fixtures/novu-docs') },
    page: { type: 'string', default: 'platform.mdx' },
    old: { type: 'string' },
    new: { type: 'string' },
  },
});

const work = mkdtempSync(join(tmpdir(), 'offprint-bench-delta-'));
const env = { ...process.env, OFFPRINT_DATA_DIR: join(work, 'data') };
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Runs the CLI; returns stdout and the seconds it took (throws on a non-zero exit). */
function offprint(...args) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`offprint ${args.join(' ')} failed (${run.status}):\n${run.stderr}`);
  return { stdout: run.stdout, seconds };
}

/** The first PNG the pages use (`/images/...png` in an .mdx file), and another one of a different size. */
function twoImages(dir) {
  const pages = [];
  const images = [];
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(at, entry.name));
      else if (entry.name.endsWith('.mdx')) pages.push(join(at, entry.name));
      else if (/\.png$/i.test(entry.name)) images.push(join(at, entry.name));
    }
  };
  walk(dir);
  const used = pages
    .sort()
    .flatMap((page) =>
      [...readFileSync(page, 'utf8').matchAll(/\/images\/[^)\s"']+\.png/g)].map((m) => join(dir, m[0])),
    )
    .find((file) => images.includes(file));
  if (used === undefined) throw new Error('no page of the fixture shows a PNG');
  const other = images.sort().find((f) => statSync(f).size !== statSync(used).size);
  return [used, other];
}

/** Exports the fixture, then a copy with one page's text and one image changed; returns both zips. */
function exportBoth() {
  const created = JSON.parse(
    offprint('projects', 'create', '--name', 'Bench', '--domain', 'bench.localhost', '--source', opts.fixture, '--json')
      .stdout,
  );
  const oldZip = join(work, 'old.zip');
  const first = offprint('export', '--domain', 'bench.localhost', '--out', oldZip, '--log-format', 'json');
  const copy = join(work, 'site');
  cpSync(opts.fixture, copy, { recursive: true });
  const page = join(copy, opts.page);
  const text = readFileSync(page, 'utf8');
  const paragraph = /^[A-Z][^\n]{40,}$/m.exec(text.replace(/^---[\s\S]*?---/, ''));
  if (paragraph === null) throw new Error(`no paragraph to change in ${opts.page}`);
  writeFileSync(page, text.replace(paragraph[0], `Changed for the delta bench: ${paragraph[0]}`));
  const [image, replacement] = twoImages(copy);
  cpSync(replacement, image);
  offprint('sites', 'import', '--project', created.projectId, copy, '--json');
  const newZip = join(work, 'new.zip');
  const second = offprint('export', '--domain', 'bench.localhost', '--out', newZip, '--log-format', 'json');
  console.log(`exports: ${first.seconds.toFixed(0)} s and ${second.seconds.toFixed(0)} s`);
  console.log(`changed: ${opts.page} (one paragraph), ${image.slice(copy.length + 1)} (another image's bytes)`);
  return [oldZip, newZip];
}

/** Bytes of the delta zip by kind of entry (compressed sizes from its central directory). */
function composition(zip) {
  const bytes = readFileSync(zip);
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = bytes.readUInt32LE(eocd + 16);
  const kinds = {};
  for (let i = 0; i < bytes.readUInt16LE(eocd + 10); i++) {
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const kind = name.endsWith('.html')
      ? 'pages'
      : name.includes('/search-')
        ? 'search index'
        : name.startsWith('manifest') || name.startsWith('delta.json')
          ? 'manifests'
          : 'other assets';
    kinds[kind] = kinds[kind] ?? { files: 0, bytes: 0 };
    kinds[kind].files++;
    kinds[kind].bytes += size;
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return kinds;
}

try {
  const [oldZip, newZip] = opts.old && opts.new ? [resolve(opts.old), resolve(opts.new)] : exportBoth();
  const diff = offprint('diff', oldZip, newZip);
  const deltaZip = join(work, 'delta.zip');
  const delta = offprint('delta', oldZip, newZip, '--out', deltaZip, '--json');
  const rebuilt = join(work, 'rebuilt.zip');
  const apply = offprint('apply', oldZip, deltaZip, '--out', rebuilt, '--json');
  const newSize = statSync(newZip).size;
  const deltaSize = statSync(deltaZip).size;
  console.log(`old bundle: ${mb(statSync(oldZip).size)}; new bundle: ${mb(newSize)}`);
  console.log(`delta: ${mb(deltaSize)} = ${((100 * deltaSize) / newSize).toFixed(1)}% of the new bundle`);
  for (const [kind, { files, bytes }] of Object.entries(composition(deltaZip))) {
    console.log(`  ${kind.padEnd(13)} ${String(files).padStart(5)} files  ${mb(bytes)}`);
  }
  console.log(
    `time: diff ${diff.seconds.toFixed(1)} s, delta ${delta.seconds.toFixed(1)} s, apply ${apply.seconds.toFixed(1)} s`,
  );
  const same = sha256(rebuilt) === sha256(newZip);
  console.log(`apply rebuilt the new bundle exactly: ${same ? 'yes' : 'NO'} (${sha256(rebuilt)})`);
  console.log(`\n--- offprint diff ---\n${diff.stdout}`);
  if (!same) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
