/**
 * `$ref` bombs and deep nesting in a docs project's JSON, uploaded to a real `offprint serve`: fan-out
 * (a few KB of files that would splice to 10^8 values), nesting deep within one file and deep across a
 * chain of files, files re-read past the byte cap, and a deeply nested plain mint.json. Each is a 400
 * naming the file and the limit within seconds (never a 500), the previous site stays served, and the
 * server's peak resident memory stays under RSS_BOUND_MIB.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectPreviousSite,
  memoryOf,
  startHostileServer,
  uploadZip,
  type HostileServer,
} from './helpers/hostileServe.js';
import { tempDir } from './helpers/dataDirs.js';
import { docsJson } from './helpers/siteProjects.js';
import { craftZip } from './helpers/zipCraft.js';

/** Peak resident memory allowed to the server (it idles at about 140 MiB, measured). */
const RSS_BOUND_MIB = 300;
const SECONDS = 10;

/** A zip of `files` plus an index page, stored uncompressed: only the JSON caps can refuse it. */
function zipOf(files: Record<string, string>): Buffer {
  const file = join(tempDir('offprint-refs-'), 'site.zip');
  const all = { 'index.mdx': '# Bomb', ...files };
  craftZip(
    file,
    Object.entries(all).map(([name, text]) => {
      const data = Buffer.from(text);
      return { name, data, method: 0 as const, crc: crc32(data), size: data.length };
    }),
  );
  return readFileSync(file);
}

const nested = (levels: number, inner: string): string => '['.repeat(levels) + inner + ']'.repeat(levels);

describe('$ref and nesting bombs against offprint serve', () => {
  let server: HostileServer;
  const measured: Record<string, unknown> = {};

  beforeAll(async () => {
    server = await startHostileServer();
    measured['idle'] = memoryOf(server.serve.child.pid ?? 0);
  }, 60_000);
  afterAll(async () => {
    console.info('hostile-refs memory (MiB):', JSON.stringify(measured));
    await server.serve.stop();
  });

  async function refused(label: string, zip: Buffer, detail: RegExp): Promise<void> {
    const started = Date.now();
    const res = await uploadZip(server, zip);
    const body = (await res.json()) as { error: string; details: { message: string }[] };
    const seconds = (Date.now() - started) / 1000;
    expect(res.status).toBe(400);
    expect(body.details.map((d) => d.message).join('\n')).toMatch(detail);
    expect(seconds).toBeLessThan(SECONDS);
    await expectPreviousSite(server);
    measured[label] = { seconds, ...memoryOf(server.serve.child.pid ?? 0) };
  }

  it('refuses fan-out: 9 files of 10 refs each would splice to 10^8 values', async () => {
    const files: Record<string, string> = {
      'docs.json': JSON.stringify(docsJson({ navigation: { pages: { $ref: './f0.json' } } })),
      'f8.json': JSON.stringify(['index']),
    };
    for (let i = 0; i < 8; i++) files[`f${i}.json`] = JSON.stringify(Array(10).fill({ $ref: `./f${i + 1}.json` }));
    const zip = zipOf(files);
    expect(zip.length).toBeLessThan(16 * 1024);
    await refused('fan-out', zip, /^f\d\.json: \$ref splicing: more than the 100000 values allowed \(at .+\)$/);
  }, 30_000);

  it('refuses nesting 100,000 levels deep in docs.json itself', async () => {
    const config = JSON.stringify(docsJson({ extra: '@' }));
    const deep = config.replace('"@"', nested(100_000, '1'));
    await refused(
      'deep-file',
      zipOf({ 'docs.json': deep }),
      /^docs\.json: line 1, column \d+: nested deeper than the 64 levels allowed$/,
    );
  }, 30_000);

  it('refuses nesting that only gets deep across a chain of referenced files', async () => {
    const files: Record<string, string> = {
      'docs.json': JSON.stringify(docsJson({ extra: { $ref: './d0.json' } })),
      'd9.json': '1',
    };
    for (let i = 0; i < 9; i++) files[`d${i}.json`] = nested(10, JSON.stringify({ $ref: `./d${i + 1}.json` }));
    await refused(
      'deep-chain',
      zipOf(files),
      /^d\d\.json: \$ref splicing: nested deeper than the 64 levels allowed \(at .+\)$/,
    );
  }, 30_000);

  it('refuses a file spliced so many times that the bytes read pass the cap', async () => {
    const files = {
      'docs.json': JSON.stringify(docsJson({ extra: Array(20).fill({ $ref: './big.json' }) })),
      'big.json': JSON.stringify('x'.repeat(1024 * 1024)),
    };
    await refused(
      'bytes',
      zipOf(files),
      /^big\.json: \$ref splicing: files read add up to more than the 8\.0 MB allowed$/,
    );
  }, 30_000);

  it('refuses a deeply nested plain mint.json (no $ref involved) with a 400, not a 500', async () => {
    const deep = JSON.stringify({ name: 'Legacy', navigation: [] }).replace('[]', nested(200_000, ''));
    await refused(
      'deep-mint',
      zipOf({ 'mint.json': deep }),
      /^mint\.json: line 1, column \d+: nested deeper than the 64 levels allowed$/,
    );
  }, 30_000);

  it('keeps the server under the memory bound throughout', () => {
    measured['end'] = memoryOf(server.serve.child.pid ?? 0);
    expect(memoryOf(server.serve.child.pid ?? 0).peakMiB).toBeLessThan(RSS_BOUND_MIB);
  });
});
