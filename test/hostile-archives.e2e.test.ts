/**
 * Zip bombs against a real `offprint serve` (a child process, so its memory is its own): hundreds of
 * thousands of empty entries, many entries each just under the per-entry ratio minimum, and an entry
 * that lies about its size. Each upload is refused within seconds with a 400 naming the cap, the site
 * served before stays served, and the server's peak resident memory stays under RSS_BOUND_MIB.
 * The same archive through `offprint sites import` is a clear CLI error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';
import { tempDir } from './helpers/dataDirs.js';
import {
  expectPreviousSite,
  memoryOf,
  startHostileServer,
  uploadZip,
  type HostileServer,
} from './helpers/hostileServe.js';
import { docsJson } from './helpers/siteProjects.js';
import { craftZip, deflated, deflateZerosToFile, type CraftedEntry } from './helpers/zipCraft.js';

/**
 * Peak resident memory allowed to the server over the whole run. The server idles at about 150 MiB
 * (measured); the bombs declare 0.3 million entries, ~1 GB and 256 MiB of content.
 */
const RSS_BOUND_MIB = 300;
/** Each refusal, upload included, takes less than this. */
const SECONDS = 10;

const dir = tempDir('offprint-bombs-');

function* project(): Generator<CraftedEntry> {
  yield deflated('docs.json', JSON.stringify(docsJson()));
  yield deflated('index.mdx', '# Bomb');
}

/** `count` entries of `size` zero bytes each, deflated once and repeated. */
function* zeros(count: number, size: number): Generator<CraftedEntry> {
  const content = Buffer.alloc(size);
  const data = deflateRawSync(content, { level: 9 });
  const crc = crc32(content);
  for (let i = 0; i < count; i++) yield { name: `pad/${i}.txt`, data, method: 8, crc, size };
}

function bomb(name: string, entries: () => Generator<CraftedEntry>): { file: string; bytes: number } {
  const file = join(dir, name);
  const bytes = craftZip(file, entries());
  return { file, bytes };
}

describe('zip bombs against offprint serve', () => {
  let server: HostileServer;
  const measured: Record<string, unknown> = {};

  beforeAll(async () => {
    server = await startHostileServer();
    measured['idle'] = memoryOf(server.serve.child.pid ?? 0);
  }, 60_000);
  afterAll(async () => {
    measured['end'] = memoryOf(server.serve.child.pid ?? 0);
    console.info('hostile-archives memory (MiB):', JSON.stringify(measured));
    await server.serve.stop();
  });

  async function refused(file: string, detail: RegExp): Promise<void> {
    const started = Date.now();
    const res = await uploadZip(server, readFileSync(file));
    const body = (await res.json()) as { error: string; details: { message: string }[] };
    const seconds = (Date.now() - started) / 1000;
    expect(res.status).toBe(400);
    expect(body.details.map((d) => d.message).join('\n')).toMatch(detail);
    expect(seconds).toBeLessThan(SECONDS);
    await expectPreviousSite(server);
    measured[file.split('/').pop() ?? file] = { seconds, ...memoryOf(server.serve.child.pid ?? 0) };
  }

  it('refuses 300,000 empty entries by the count the archive declares', async () => {
    const empty = bomb('empty-entries.zip', function* () {
      yield* project();
      for (let i = 0; i < 300_000; i++) yield { name: `e/${i}`, data: Buffer.alloc(0), method: 0, crc: 0, size: 0 };
    });
    expect(empty.bytes).toBeGreaterThan(20 * 1024 * 1024);
    await refused(empty.file, /^.+: it has 300002 entries, more than the 50000 allowed$/);
  }, 60_000);

  it('refuses 1,000 entries each just under the old 1 MiB ratio threshold (1 MB expanding to 1 GB)', async () => {
    const under = bomb('under-threshold.zip', function* () {
      yield* project();
      yield* zeros(1000, 1024 * 1024 - 1);
    });
    expect(under.bytes).toBeLessThan(2 * 1024 * 1024);
    await refused(under.file, /entry "pad\/0.txt" expands \d+x \(.+ -> 1024 KB\), more than the 200x allowed/);
  }, 60_000);

  it('refuses 15,000 entries each under the per-entry minimum by the archive ratio', async () => {
    const small = bomb('archive-ratio.zip', function* () {
      yield* project();
      yield* zeros(15_000, 60 * 1024);
    });
    await refused(small.file, /the archive expands \d+x \(.+ -> 879 MB\), more than the 100x allowed/);
  }, 60_000);

  it('stops an entry that inflates past the size it declares', async () => {
    const data = join(dir, 'zeros.deflate');
    const crc = await deflateZerosToFile(256 * 1024 * 1024, data);
    const liar = bomb('lying-size.zip', function* () {
      yield* project();
      yield { name: 'images/lie.png', data: { file: data }, method: 8, crc, size: 60_000 };
    });
    await refused(liar.file, /entry "images\/lie.png" inflates to more than the 60000 bytes its header says/);
  }, 60_000);

  it('keeps the server under the memory bound throughout', () => {
    const { peakMiB } = memoryOf(server.serve.child.pid ?? 0);
    expect(peakMiB).toBeLessThan(RSS_BOUND_MIB);
  });

  it('gives the CLI the same clear error', async () => {
    const run = await runBinary([
      'sites',
      'import',
      '--project',
      server.projectId,
      join(dir, 'empty-entries.zip'),
      '--data-dir',
      server.dataDir,
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('it has 300002 entries, more than the 50000 allowed');
    await expectPreviousSite(server);
  }, 30_000);
});
