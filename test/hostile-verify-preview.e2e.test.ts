/**
 * `offprint verify` and `offprint preview` on a crafted bundle whose manifest and central directory lie
 * about 2 GiB entries: `big.bin` really inflates to 2 GiB (its hash in the manifest is wrong),
 * `small.bin` holds the same 2 GiB but declares 100 bytes where the manifest says 2 GiB, and `liar.bin`
 * declares 100 bytes (as does the manifest) but inflates to 2 GiB. Verify compares sizes before
 * inflating, hashes as a stream and stops a liar at its declared size; preview streams entries. Both
 * stay under RSS_BOUND_MIB (peak resident memory, read from /proc while they run); verify's `--json`
 * output is a valid report.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { memoryOf } from './helpers/hostileServe.js';
import { craftZip, deflateZerosToFile } from './helpers/zipCraft.js';

/** Peak resident memory allowed to `verify` and `preview` (they start at about 60-100 MiB). */
const RSS_BOUND_MIB = 250;
const GIB = 1024 * 1024 * 1024;
const dir = tempDir('offprint-bundle-bomb-');
const bundle = join(dir, 'bundle.zip');

function manifest(): Buffer {
  const file = (path: string, size: number) => ({ path, size, sha256: '0'.repeat(64) });
  return Buffer.from(
    JSON.stringify({
      format: 1,
      offprintVersion: '0.1.0',
      site: { name: 'Bomb', domain: 'bomb.localhost', origin: 'http://bomb.localhost' },
      domain: 'bomb.localhost',
      versionLabel: null,
      deployment: 'air-gapped',
      features: {},
      pages: [],
      redirects: [],
      blockedRequests: [],
      files: [file('big.bin', 2 * GIB), file('small.bin', 2 * GIB), file('liar.bin', 100)],
    }),
  );
}

/** Runs the built CLI, sampling its peak resident memory until it exits. */
async function runMeasured(args: string[]): Promise<{ code: number | null; stdout: string; peakMiB: number }> {
  const child = spawn(process.execPath, [CLI_BIN, ...args]);
  let stdout = '';
  let peakMiB = 0;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (c: string) => (stdout += c));
  const timer = setInterval(() => {
    try {
      // A process that has exited but not been reaped has no memory lines (NaN): skipped.
      const sample = memoryOf(child.pid ?? 0).peakMiB;
      if (Number.isFinite(sample)) peakMiB = Math.max(peakMiB, sample);
    } catch {
      // Exited between samples.
    }
  }, 20);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(timer);
  return { code, stdout, peakMiB };
}

beforeAll(async () => {
  const zeros = join(dir, 'zeros.deflate');
  const crc = await deflateZerosToFile(2 * GIB, zeros);
  const data = manifest();
  craftZip(bundle, [
    { name: 'manifest.json', data, method: 0, crc: crc32(data), size: data.length },
    { name: 'big.bin', data: { file: zeros }, method: 8, crc, size: 2 * GIB },
    { name: 'small.bin', data: { file: zeros }, method: 8, crc, size: 100 },
    { name: 'liar.bin', data: { file: zeros }, method: 8, crc, size: 100 },
  ]);
}, 120_000);

describe('verify on a lying bundle', () => {
  it('fails cleanly with a valid --json report, memory flat', async () => {
    const started = Date.now();
    const run = await runMeasured(['verify', bundle, '--json']);
    const seconds = (Date.now() - started) / 1000;
    console.info('hostile-bundles verify:', JSON.stringify({ seconds, peakMiB: run.peakMiB }));
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { ok: boolean; problems: string[] };
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      'the bundle is unsigned (no manifest.json.sig or no signing key in manifest.json): it cannot be trusted',
      'big.bin does not match its SHA-256 in the manifest',
      `small.bin has 100 bytes, the manifest says ${2 * GIB}`,
      'liar.bin cannot be read (entry "liar.bin" inflates to more than the 100 bytes its header says)',
    ]);
    expect(run.peakMiB).toBeGreaterThan(0);
    expect(run.peakMiB).toBeLessThan(RSS_BOUND_MIB);
  }, 120_000);
});

describe('preview of a lying bundle', () => {
  let child: ReturnType<typeof spawn>;
  let url: string;
  beforeAll(async () => {
    child = spawn(process.execPath, [CLI_BIN, 'preview', bundle, '--port', '0']);
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.setEncoding('utf8');
      child.stdout?.on('data', (c: string) => {
        out += c;
        const match = /on (http:\/\/\S+)\n/.exec(out);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.on('close', () => reject(new Error('preview exited')));
    });
  }, 30_000);
  afterAll(() => {
    child.kill('SIGTERM');
  });

  /**
   * GETs `path` and counts the body's bytes without keeping them. A response cut short (or a connection
   * closed before the headers, when the entry fails at once) comes back with `cut`.
   */
  async function download(path: string): Promise<{ status: number; bytes: number; cut: boolean }> {
    let status = 0;
    let bytes = 0;
    try {
      const res = await fetch(`${url}${path}`);
      status = res.status;
      if (res.body === null) return { status, bytes, cut: false };
      const reader = res.body.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.length;
    } catch {
      return { status, bytes, cut: true };
    }
    return { status, bytes, cut: false };
  }

  it('streams a 2 GiB entry with flat memory, and cuts a lying one short', async () => {
    const started = Date.now();
    expect(await download('/big.bin')).toEqual({ status: 200, bytes: 2 * GIB, cut: false });
    const seconds = (Date.now() - started) / 1000;
    const liar = await download('/liar.bin');
    expect([0, 200]).toContain(liar.status);
    expect(liar.bytes).toBeLessThanOrEqual(100);
    expect(liar.cut).toBe(true);
    // Still serving after the failure.
    expect((await download('/manifest.json')).status).toBe(200);
    const { peakMiB } = memoryOf(child.pid ?? 0);
    console.info('hostile-bundles preview:', JSON.stringify({ seconds, peakMiB }));
    expect(peakMiB).toBeLessThan(RSS_BOUND_MIB);
  }, 120_000);
});
