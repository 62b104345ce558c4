#!/usr/bin/env node
/**
 * `bench/bundle-server`: `offprint serve-bundle` against `offprint preview` (straight from the zip) and a
 * plain node static server (plainStatic.js, over the same files unpacked), on the same bundle: requests/s
 * for a page and a stylesheet at 1 and 10 connections (keep-alive, identity encoding; serve-bundle with
 * brotli too), each server's memory (RSS now and peak), and serve-bundle's start time from a download and
 * from its cache. The load generator runs in this process, the servers in their own.
 *
 * Usage: node bench/bundle-server/run.js [--bundle FILE.zip] [--seconds 5]
 * Without --bundle, test/fixtures/all-shapes is exported first with the built CLI (needs Chromium).
 * Needs `npm run build` first.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'dist/server/cli/main.js');
const { values: opts } = parseArgs({
  options: { bundle: { type: 'string' }, seconds: { type: 'string', default: '5' } },
});
const seconds = Number(opts.seconds);
const temp = (prefix) => mkdtempSync(join(tmpdir(), prefix));

function exportFixture() {
  const dataDir = temp('offprint-bench-bundle-data-');
  const out = join(dataDir, 'bundle.zip');
  const run = (args) => {
    const result = spawnSync(process.execPath, [CLI, ...args, '--data-dir', dataDir], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
  };
  run([
    'projects',
    'create',
    '--name',
    'Bench',
    '--domain',
    'bench.test',
    '--source',
    join(ROOT, 'test/fixtures/all-shapes'),
  ]);
  run(['export', '--domain', 'bench.test', '--out', out]);
  return out;
}

/** Starts a child and resolves with its URL once it prints a line matching `pattern`. */
function startChild(args, pattern) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const url = pattern.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

async function waitReady(url) {
  for (;;) {
    const status = await globalThis.fetch(`${url}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(20);
  }
}

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return `${(kb('VmRSS') / 1024).toFixed(0)} MB now, ${(kb('VmHWM') / 1024).toFixed(0)} MB peak`;
}

/** Requests/s of `c` keep-alive connections hammering `url` for `seconds`. */
async function load(url, c, headers = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: c });
  const end = performance.now() + seconds * 1000;
  let done = 0;
  const one = () =>
    new Promise((resolve, reject) => {
      const req = request(url, { agent, headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        res.on('data', () => undefined).on('end', resolve);
      });
      req.on('error', reject).end();
    });
  await Promise.all(
    Array.from({ length: c }, async () => {
      while (performance.now() < end) {
        await one();
        done++;
      }
    }),
  );
  agent.destroy();
  return Math.round(done / seconds);
}

const zip = opts.bundle ?? exportFixture();
const zipBytes = readFileSync(zip);
const host = createServer((req, res) => res.writeHead(200, { 'Content-Length': zipBytes.length }).end(zipBytes));
await new Promise((r) => host.listen(0, '127.0.0.1', r));
const bundleUrl = `http://127.0.0.1:${host.address().port}/bundle.zip`;
const cache = temp('offprint-bench-bundle-cache-');
const SB = /listening on (http:\S+)/;

const starts = {};
for (const from of ['download', 'cache']) {
  const t0 = performance.now();
  const { child, url } = await startChild(
    [CLI, 'serve-bundle', '--bundle-url', bundleUrl, '--cache', cache, '--port', '0'],
    SB,
  );
  await waitReady(url);
  starts[from] = Math.round(performance.now() - t0);
  if (from === 'download') child.kill('SIGTERM');
  else starts.server = { child, url };
}
const bundleServer = starts.server;
const sha = (await (await globalThis.fetch(`${bundleServer.url}/readyz`)).json()).sha256;
const preview = await startChild([CLI, 'preview', zip, '--port', '0'], /preview on (http:\S+)/);
const plain = await startChild(
  [join(ROOT, 'bench/bundle-server/plainStatic.js'), join(cache, 'bundles', sha, 'files'), '0'],
  /on (http:\S+)/,
);
const css = /_assets\/theme\.[0-9a-f]+\.css/.exec(await (await globalThis.fetch(`${bundleServer.url}/`)).text())?.[0];

console.log(`bundle ${zip}: ${(zipBytes.length / 1000).toFixed(0)} kB; ${seconds} s per cell`);
console.log(
  `serve-bundle start: ${starts.download} ms from a download (verify + unpack + precompress), ${starts.cache} ms from the cache`,
);
console.log('server          path         c1 req/s  c10 req/s');
const rows = [
  ['serve-bundle', bundleServer],
  ['serve-bundle br', bundleServer, { 'Accept-Encoding': 'br' }],
  ['preview', preview],
  ['plain static', plain],
];
for (const [name, server, headers] of rows) {
  for (const path of ['/quickstart', `/${css}`]) {
    const c1 = await load(`${server.url}${path}`, 1, headers);
    const c10 = await load(`${server.url}${path}`, 10, headers);
    console.log(
      `${name.padEnd(16)}${(path === '/quickstart' ? 'page' : 'asset').padEnd(13)}${String(c1).padStart(8)}  ${String(c10).padStart(9)}`,
    );
  }
}
for (const [name, server] of [
  ['serve-bundle', bundleServer],
  ['preview', preview],
  ['plain static', plain],
]) {
  console.log(`memory ${name}: ${memory(server.child.pid)}`);
}
for (const server of [bundleServer, preview, plain]) server.child.kill('SIGTERM');
host.close();
