/**
 * `offprint pack` against a local "internet" (helpers/packInternet.ts): what it fetches (images, a
 * video and its poster, a font, an OpenAPI spec, through redirects), what it refuses and why (404,
 * wrong content type, too large, too many redirects, plain http without the flag, https -> http), the
 * lock file, the author's files kept byte for byte, and the same zip bytes from two packs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../server/logger.js';
import { FetchRefused, redirectTarget } from '../server/pack/fetch.js';
import { DEFAULT_PACK_LIMITS, packProject, type PackReport } from '../server/pack/pack.js';
import { RemoteLockSchema } from '../server/sites/project/remote.js';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { BYTES, remoteProject, startInternet, type Internet } from './helpers/packInternet.js';

const LIMITS = {
  ...DEFAULT_PACK_LIMITS,
  allowHttp: true,
  allowPrivateHosts: true,
  maxBytes: { ...DEFAULT_PACK_LIMITS.maxBytes, image: 1024 * 1024 },
};

let net: Internet;
let project: string;
let report: PackReport;

beforeAll(async () => {
  net = await startInternet();
  project = remoteProject(net.base);
  report = await packProject(project, join(tempDir(), 'packed.zip'), LIMITS, silentLogger());
}, 120_000);
afterAll(() => net.close());

const reasonOf = (path: string): string | undefined =>
  report.failed.find((f) => f.url === `${net.base}${path}`)?.reason;

describe('offprint pack', () => {
  it('fetches images, the framed image behind 3 redirects, the video, its poster, the font and the spec', () => {
    const packed = Object.fromEntries(report.packed.map((p) => [p.url.slice(net.base.length), p]));
    expect(Object.keys(packed).sort()).toEqual([
      '/clip.mp4',
      '/font.woff2',
      '/hop?n=3',
      '/img.png',
      '/logo.png',
      '/poster',
      '/spec.json',
    ]);
    expect(packed['/poster']).toMatchObject({ kind: 'image', contentType: 'image/jpeg' });
    expect(packed['/poster']?.path).toMatch(/^_offprint-remote\/[0-9a-f]{64}\.jpg$/);
    expect(packed['/clip.mp4']).toMatchObject({ kind: 'video', contentType: 'video/mp4', files: ['media.mdx'] });
    expect(packed['/font.woff2']).toMatchObject({ kind: 'font', files: ['docs.json'] });
    expect(packed['/spec.json']).toMatchObject({ kind: 'spec', contentType: 'application/json' });
    expect(packed['/spec.json']?.path).toMatch(/\.json$/);
    expect(packed['/hop?n=3']).toMatchObject({ fetchedFrom: `${net.base}/img.png`, size: BYTES.png.length });
    // The same bytes from two URLs are one copy.
    expect(packed['/hop?n=3']?.path).toBe(packed['/img.png']?.path);
  });

  it('says why each failure failed, and never fetches an iframe (a web page, left as a link)', () => {
    expect(reasonOf('/missing.png')).toBe('HTTP 404');
    expect(reasonOf('/login.png')).toBe('wrong content type: text/html (expected an image or video)');
    expect(reasonOf('/big.png')).toBe('too large (2.0 MB, the cap is 1.0 MB)');
    expect(reasonOf('/hop?n=9')).toBe('too many redirects (more than 5)');
    expect(report.failed).toHaveLength(4);
    expect(net.hits.get('/embed')).toBeUndefined();
  });

  it('keeps the author files byte for byte and adds the copies and a valid, sorted lock', () => {
    const zip = new AdmZip(report.out);
    const names = zip.getEntries().map((e) => e.entryName);
    for (const file of ['docs.json', 'index.mdx', 'media.mdx', '.mintignore']) {
      expect(zip.readFile(file)?.equals(readFileSync(join(project, file)))).toBe(true);
    }
    const lock = RemoteLockSchema.parse(JSON.parse(zip.readAsText('_offprint-remote/lock.json')));
    expect(lock.entries.map((e) => e.url)).toEqual(report.packed.map((p) => p.url).sort());
    expect(lock.failures.map((f) => [f.url.slice(net.base.length), f.kind])).toEqual([
      ['/big.png', 'media'],
      ['/hop?n=9', 'media'],
      ['/login.png', 'media'],
      ['/missing.png', 'media'],
    ]);
    for (const entry of lock.entries) expect(zip.readFile(entry.path)?.length).toBe(entry.size);
    expect(names).toEqual([...names].sort());
  });

  it('gives the same zip bytes when packed again from the same remote bytes (an earlier pack inside is replaced)', async () => {
    const again = await packProject(report.out, join(tempDir(), 'again.zip'), LIMITS, silentLogger());
    const third = await packProject(project, join(tempDir(), 'third.zip'), LIMITS, silentLogger());
    expect(third.sha256).toBe(report.sha256);
    expect(readFileSync(third.out).equals(readFileSync(report.out))).toBe(true);
    // Re-packing the packed zip drops its old copies and lock and fetches them again: same bytes.
    expect(again.sha256).toBe(report.sha256);
  }, 120_000);
});

describe('offprint pack: refusals', () => {
  it('refuses plain http unless allowed, a redirect from https down to http always, and a zip-bomb-like file', async () => {
    const strict = await packProject(project, join(tempDir(), 'h.zip'), DEFAULT_PACK_LIMITS, silentLogger());
    expect(strict.packed).toEqual([]);
    expect(new Set(strict.failed.map((f) => f.reason))).toEqual(
      new Set(['plain http:// is refused (pass --allow-http to fetch it)']),
    );
    // With the default 25 MB image cap, the 2 MB image of zeros is refused for what the import would say.
    const open = await packProject(
      project,
      join(tempDir(), 'o.zip'),
      { ...DEFAULT_PACK_LIMITS, allowHttp: true, allowPrivateHosts: true },
      silentLogger(),
    );
    expect(open.failed.find((f) => f.url.endsWith('/big.png'))?.reason).toMatch(
      /^compresses \d+x, more than the 200x an import accepts for one file$/,
    );
    const from = new URL('https://cdn.example.org/a.png');
    expect(() => redirectTarget(from, 'http://cdn.example.org/a.png', LIMITS)).toThrow(FetchRefused);
    expect(() => redirectTarget(from, 'http://cdn.example.org/a.png', LIMITS)).toThrow('redirect from https to http');
    expect(() => redirectTarget(from, 'file:///etc/passwd', LIMITS)).toThrow('file: URLs are not fetched');
    expect(redirectTarget(from, '/b.png', LIMITS).href).toBe('https://cdn.example.org/b.png');
  }, 120_000);
});

describe('offprint pack (CLI)', () => {
  it('prints a report, exits 0 with failures, 1 with --strict, and prints one object with --json', async () => {
    const out = join(tempDir(), 'cli.zip');
    // The stand-in internet is on 127.0.0.1: a private address, fetched only when allowed.
    const pack = (...flags: string[]) =>
      cli(['pack', project, '--out', out, '--allow-http', '--allow-private-hosts', ...flags]);
    const text = await pack('--max-file-mb', '1');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Packed .*cli\.zip \([\d.]+ kB, \d+ files, sha256 [0-9a-f]{64}\)\n/);
    expect(text.stdout).toContain('Fetched 7 remote assets');
    expect(text.stdout).toContain('4 images, 1 video, 1 font, 1 spec');
    expect(text.stdout).toContain(
      `Failed 4 (not in the zip: offline they are placeholders, and the import lists them):\n`,
    );
    expect(text.stdout).toContain(`  ${net.base}/missing.png: HTTP 404; used in media.mdx\n`);
    const strict = await pack('--strict', '--json');
    expect(strict.code).toBe(1);
    const json = JSON.parse(strict.stdout) as PackReport;
    expect(json.failed.map((f) => f.reason)).toContain('HTTP 404');
    const usage = await cli(['pack', project]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('missing --out FILE.zip');
  }, 180_000);
});
