/**
 * `offprint export` and `offprint preview` as scripts run them (the built binary): an export of two
 * pages of test/fixtures/all-shapes to a file, its summary and `--json` form, progress lines on a
 * non-terminal stderr, clear failures (exit codes, nothing written), a run after a kill -9 going on with
 * the interrupted job, Ctrl-C cancelling the job; then the
 * bundle served by `preview` the way a static host serves it.
 */
import AdmZip from 'adm-zip';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseFile } from '../server/config.js';
import { openDatabase } from '../server/db/connection.js';
import { findExportJob, listExportJobsByStatus } from '../server/db/exportJobs.js';
import { PROVING_PERCENT } from '../server/jobs/progress.js';
import { exportsRoot, removeEgressProofs } from '../server/exportSpec/files.js';
import { findProjectByDomain } from '../server/db/projects.js';
import { runBinary } from './helpers/binary.js';
import { CLI_BIN } from './helpers/cli.js';
import { fileDigest, tempDir } from './helpers/dataDirs.js';
import { ALL_SHAPES } from './helpers/siteProjects.js';
import { rawRequest } from './helpers/rawHttp.js';
import { needsChromium } from './helpers/needs.js';
import { FIXED_EXPORT_EPOCH } from './helpers/exportRun.js';

// Two different jobs' bundles are compared byte for byte: both record this time, not their creation.
process.env['SOURCE_DATE_EPOCH'] = FIXED_EXPORT_EPOCH;

const DOMAIN = 'docs.cli.test';

/** `offprint export` of the two pages these tests export, to `out`. */
const exportTwoPages = (out: string): string[] => [
  'export',
  '--domain',
  DOMAIN,
  '--out',
  out,
  '--path',
  'index',
  '--path',
  'quickstart',
];

/** The entries two zips do not share byte for byte, each with some context around its first difference. */
function entryDifferences(zipA: string, zipB: string): string[] {
  const read = (file: string): Map<string, Buffer> =>
    new Map(new AdmZip(file).getEntries().map((e) => [e.entryName, e.getData()]));
  const a = read(zipA);
  const b = read(zipB);
  const out: string[] = [];
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(name);
    const y = b.get(name);
    if (x === undefined || y === undefined)
      out.push(`${name}: only in ${x === undefined ? 'the second' : 'the first'}`);
    else if (!x.equals(y)) {
      let at = 0;
      while (at < x.length && x[at] === y[at]) at++;
      const around = (data: Buffer): string => data.subarray(Math.max(0, at - 120), at + 240).toString('utf8');
      out.push(`${name} differs at byte ${at}:\n--- first\n${around(x)}\n--- second\n${around(y)}`);
    }
  }
  return out;
}

needsChromium().describe('offprint export and preview', () => {
  const dataDir = tempDir('offprint-export-cli-');
  const out = join(dataDir, 'site.zip');
  let summary: { jobId: string; sha256: string; sizeBytes: number; pages: number };

  beforeAll(async () => {
    const created = await runBinary([
      'projects',
      'create',
      '--name',
      'CLI',
      '--domain',
      DOMAIN,
      '--source',
      ALL_SHAPES,
      '--data-dir',
      dataDir,
    ]);
    expect(created.code, created.stderr).toBe(0);
  }, 60_000);

  it('exports to --out, printing a summary; progress lines go to stderr', async () => {
    const run = await runBinary([...exportTwoPages(out), '--data-dir', dataDir]);
    expect(run.code, run.stderr).toBe(0);
    const digest = fileDigest(out);
    const size = statSync(out).size;
    const lines = run.stdout.split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe(`Exported 2 pages of ${DOMAIN} (air-gapped) to ${out}`);
    expect(lines[1]).toBe(`  size ${(size / 1000).toFixed(1)} kB (${size} bytes), sha256 ${digest}`);
    expect(lines[2]).toMatch(/^ {2}time \d+s, 0 blocked requests$/);
    expect(lines[3]).toBe('  0 links to a missing anchor (now to their page; listed as warnings in the log)');
    expect(lines[4]).toMatch(
      /^ {2}signed by key ([A-Z2-7]{4}(?:-[A-Z2-7]{4}){3}) \(check on the other side: offprint verify FILE --fingerprint \1\)$/,
    );
    // all-shapes' /beta/:slug* -> /v1/:slug* leads to no page of these two: no redirect page can stand for it.
    expect(lines[5]).toBe('  left out the redirect pattern /beta/:slug*: it leads to no exported page');
    expect(lines[6]).toBe('');
    expect(run.stderr).toMatch(/^export: 0\/2 pages, 0%, ETA --$/m);
    expect(run.stderr).toMatch(/^export: 2\/2 pages, 100%/m);
    expect(run.stderr).toMatch(/^Assembling the bundle\.\.\.$/m);
    const entries = new AdmZip(out).getEntries().map((e) => e.entryName);
    expect(entries).toEqual(expect.arrayContaining(['index.html', 'quickstart.html', 'manifest.json', '404.html']));
  }, 120_000);

  it('--json prints one object; the same export gives the same bytes; the job is a completed row', async () => {
    const again = join(dataDir, 'again.zip');
    const run = await runBinary([...exportTwoPages(again), '--json', '--data-dir', dataDir]);
    expect(run.code, run.stderr).toBe(0);
    summary = JSON.parse(run.stdout) as typeof summary;
    expect(summary).toMatchObject({
      out: again,
      domain: DOMAIN,
      deployment: 'air-gapped',
      pages: 2,
      sizeBytes: statSync(again).size,
      sha256: fileDigest(again),
      blockedRequests: [],
    });
    expect(summary.jobId).toMatch(/^se_[0-9a-f]{16}$/);
    // Entry by entry first, so a difference names the files that differ and shows where.
    expect(entryDifferences(out, again)).toEqual([]);
    expect(summary.sha256).toBe(fileDigest(out));
    const db = openDatabase(databaseFile(dataDir));
    try {
      expect(findExportJob(db, summary.jobId)).toMatchObject({ status: 'completed', progress: 100, pageCount: 2 });
    } finally {
      db.close();
    }
  }, 120_000);

  it('run again after a kill -9 in the egress check, goes on with that job: nothing redone, the same bytes', async () => {
    const target = join(dataDir, 'resumed.zip');
    const args = exportTwoPages(target);
    const common = ['--data-dir', dataDir, '--concurrency', '1'];
    const db = openDatabase(databaseFile(dataDir));
    // A check that opens every load (the earlier exports proved them all: it would take a moment only).
    removeEgressProofs(dataDir, findProjectByDomain(db, DOMAIN)?.id ?? '');
    const child = spawn(process.execPath, [CLI_BIN, ...args, ...common], {
      env: { ...process.env, OFFPRINT_LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    const closed = once(child, 'close');
    let jobId = '';
    try {
      // Killed once some of the check's page loads are done: past rendering and assembly.
      const deadline = Date.now() + 90_000;
      while (jobId === '') {
        const running = listExportJobsByStatus(db, 'running').find((job) => job.progress > PROVING_PERCENT);
        if (running !== undefined) jobId = running.id;
        else if (Date.now() > deadline) throw new Error('the export never reached its egress check');
        else await new Promise((r) => setTimeout(r, 20));
      }
      child.kill('SIGKILL');
      await closed;
      expect(findExportJob(db, jobId)).toMatchObject({ status: 'running', attempts: 1 });
    } finally {
      db.close();
    }
    expect(existsSync(target)).toBe(false);

    const run = await runBinary([...args, ...common, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`offprint: going on with the interrupted export of ${DOMAIN} (job ${jobId}, `);
    // Both pages were rendered before the kill: the first progress line has them.
    expect(run.stderr).toMatch(/^export: 2\/2 pages, 100%/m);
    expect(run.stderr).not.toMatch(/^export: [01]\/2 pages/m);
    const resumed = JSON.parse(run.stdout) as typeof summary;
    expect(resumed.jobId).toBe(jobId);
    expect(entryDifferences(out, target)).toEqual([]);
    expect(resumed.sha256).toBe(summary.sha256);
    expect(fileDigest(target)).toBe(summary.sha256);
    const after = openDatabase(databaseFile(dataDir));
    try {
      expect(findExportJob(after, jobId)).toMatchObject({ status: 'completed', attempts: 2 });
    } finally {
      after.close();
    }
  }, 180_000);

  it('says how many pages a re-export took from the last export and how many loads of its check it proved', async () => {
    const target = join(dataDir, 'reexported.zip');
    const run = await runBinary([...exportTwoPages(target), '--data-dir', dataDir]);
    expect(run.code, run.stderr).toBe(0);
    // Nothing the two pages load changed: both are taken from the last export, not rendered.
    expect(run.stdout).toMatch(
      /^ {2}pages: 0 of 2 rendered, 2 taken from the last export \(nothing they load changed\)$/m,
    );
    expect(run.stderr).toMatch(/2\/2 pages \(2 from the last export\)/);
    // Only verify.html from disk is opened again (it reads manifest.js, which the check cannot see yet).
    const line =
      /^ {2}egress check: 1 of (\d+) page loads opened, (\d+) proved by the last export \(same page and files\)$/m.exec(
        run.stdout,
      );
    expect(line, run.stdout).not.toBeNull();
    expect(Number(line?.[2])).toBe(Number(line?.[1]) - 1);
    expect(run.stderr).toMatch(/page loads \(\d+ proved by the last export\)/);
    expect(fileDigest(target)).toBe(summary.sha256);
  }, 120_000);

  it('--log-format json: every line on stderr is a JSON log record, progress included', async () => {
    const target = join(dataDir, 'json-logged.zip');
    // Progress records are at level info (the tests' default level, warn, leaves them out, as it would for anyone).
    const run = await runBinary([...exportTwoPages(target), '--log-format', 'json', '--data-dir', dataDir], {
      env: { OFFPRINT_LOG_LEVEL: 'info' },
    });
    expect(run.code, run.stderr).toBe(0);
    const records = run.stderr
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => z.looseObject({ level: z.number(), time: z.number(), msg: z.string() }).parse(JSON.parse(line)));
    const progress = records.filter((record) => record.msg === 'export progress');
    expect(progress.map((record) => record['phase'])).toEqual(
      expect.arrayContaining(['rendering', 'assembling', 'proving', 'zipping']),
    );
    expect(progress).toContainEqual(
      expect.objectContaining({ level: 30, phase: 'rendering', pagesDone: 2, pagesTotal: 2 }),
    );
    const proving = progress.filter((record) => record['phase'] === 'proving' && record['loadsTotal'] !== undefined);
    // The check's last report has every load done (some proved by the last export when one came before).
    expect(proving.at(-1)?.['loadsDone']).toBe(proving.at(-1)?.['loadsTotal']);
    expect(typeof proving.at(-1)?.['loadsReused']).toBe('number');
  }, 120_000);

  it('fails clearly, writing nothing: unknown domain, unknown page, bad flags, unwritable --out', async () => {
    const missing = join(dataDir, 'never.zip');
    const cases: [string[], number, RegExp][] = [
      [
        ['--domain', 'nowhere.test', '--out', missing],
        1,
        /no project has the domain nowhere\.test in the data dir .*\nRun `offprint projects list` to see the projects there \(DOMAIN column\)\./,
      ],
      [['--domain', DOMAIN, '--out', missing, '--path', 'nope/page'], 1, /nope\/page is not a page of docs\.cli\.test/],
      [['--domain', DOMAIN], 2, /--out FILE\.zip is required/],
      [['--out', missing], 2, /--domain HOST is required/],
      [['--domain', 'https://x.test', '--out', missing], 2, /--domain: must be a bare hostname/],
      [['--domain', DOMAIN, '--out', missing, '--deployment', 'moon'], 2, /--deployment/],
      [['--domain', DOMAIN, '--out', missing, '--concurrency', '0'], 2, /--concurrency: must be between 1 and 16/],
      [['--domain', DOMAIN, '--out', join(dataDir, 'no-such-folder', 'x.zip')], 2, /--out: cannot write a file in/],
    ];
    for (const [args, code, message] of cases) {
      const run = await runBinary(['export', ...args, '--data-dir', dataDir]);
      expect(run.code, args.join(' ')).toBe(code);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stdout).toBe('');
    }
    expect(existsSync(missing)).toBe(false);
  }, 240_000);

  it('Ctrl-C cancels the job: exit 130, no output file, the job failed "cancelled", its files gone', async () => {
    const target = join(dataDir, 'interrupted.zip');
    const child = spawn(
      process.execPath,
      [CLI_BIN, 'export', '--domain', DOMAIN, '--out', target, '--data-dir', dataDir, '--concurrency', '1'],
      {
        env: { ...process.env, OFFPRINT_LOG_LEVEL: 'silent' },
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    const closed = once(child, 'close');
    // Once rendering has started (the first progress line), interrupt.
    const deadline = Date.now() + 60_000;
    while (!stderr.includes('export: ') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    const [code] = (await closed) as [number | null];
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/offprint: export of docs\.cli\.test cancelled \(job se_[0-9a-f]{16}\)/);
    expect(existsSync(target)).toBe(false);
    const jobId = /job (se_[0-9a-f]{16})/.exec(stderr)?.[1] ?? '';
    const db = openDatabase(databaseFile(dataDir));
    try {
      expect(findExportJob(db, jobId)).toMatchObject({ status: 'failed', error: 'cancelled' });
    } finally {
      db.close();
    }
    expect(readdirSync(exportsRoot(dataDir))).not.toContain(jobId);
  }, 120_000);

  describe('preview', () => {
    let child: ReturnType<typeof spawn>;
    let port: number;
    const zip = (): AdmZip => new AdmZip(out);
    const entry = (name: string): Buffer => {
      const data = zip().getEntry(name)?.getData();
      if (data === undefined) throw new Error(`no ${name} in the bundle`);
      return data;
    };
    const get = (path: string, method = 'GET'): ReturnType<typeof rawRequest> =>
      rawRequest({ port, method, path, headers: { Host: `127.0.0.1:${port}` } });

    beforeAll(async () => {
      child = spawn(process.execPath, [CLI_BIN, 'preview', out, '--port', '0']);
      const line = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout?.setEncoding('utf8');
        child.stdout?.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('\n')) resolve(text.split('\n')[0] ?? '');
        });
        child.on('close', () => reject(new Error('preview exited')));
      });
      expect(line).toMatch(/^Offprint preview on http:\/\/127\.0\.0\.1:\d+$/);
      port = Number(line.split(':').at(-1));
    });
    afterAll(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });

    it('serves / as index.html and extensionless URLs as their .html file', async () => {
      const root = await get('/');
      expect(root.status).toBe(200);
      expect(root.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(root.body).toBe(entry('index.html').toString('utf8'));
      for (const path of ['/quickstart', '/quickstart.html', '/quickstart?x=1']) {
        const page = await get(path);
        expect(page.status, path).toBe(200);
        expect(page.body, path).toBe(entry('quickstart.html').toString('utf8'));
      }
      const manifest = await get('/manifest.json');
      expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
      // Assets keep their kind's type (the site's own table: stylesheets, fonts, images, media...).
      const stylesheet = zip()
        .getEntries()
        .map((e) => e.entryName)
        .find((name) => /^_assets\/.+\.css$/.test(name));
      expect(stylesheet).toBeDefined();
      expect((await get(`/${stylesheet ?? ''}`)).headers['content-type']).toBe('text/css; charset=utf-8');
      const head = await get('/quickstart', 'HEAD');
      expect([head.status, head.body, head.headers['content-length']]).toEqual([
        200,
        '',
        String(entry('quickstart.html').length),
      ]);
    });

    it('answers misses with 404.html and status 404; never leaves the bundle; GET and HEAD only', async () => {
      // A miss in the bundle's top folder gets the page as it is...
      for (const path of ['/no-such-page', '/%E0%A4%A']) {
        const missing = await get(path);
        expect(missing.status, path).toBe(404);
        expect(missing.body, path).toBe(entry('404.html').toString('utf8'));
      }
      // ...one further down gets it with each reference leading, from there, where it leads in the bundle.
      const pageRefs = (html: string): string[] =>
        [...html.matchAll(/ (?:href|src)="([^"#][^"]*)"/g)]
          .map((m) => m[1] ?? '')
          .filter((ref) => !/^[a-z]+:/.test(ref));
      const own = pageRefs(entry('404.html').toString('utf8')).map((ref) => new URL(ref, 'http://b/404.html').pathname);
      expect(own.length).toBeGreaterThan(3);
      for (const path of ['/no/such/page', '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/a/b/c/d/']) {
        const missing = await get(path);
        expect(missing.status, path).toBe(404);
        const from = new URL(path, 'http://b/');
        const refs = pageRefs(missing.body).map((ref) => new URL(ref, from).pathname);
        expect(refs, path).toEqual(own);
      }
      expect((await get('/', 'POST')).status).toBe(405);
    });

    it('exits 0 on SIGTERM', async () => {
      const closed = once(child, 'close');
      child.kill('SIGTERM');
      const [code] = (await closed) as [number | null];
      expect(code).toBe(0);
    });

    it('refuses a missing file or one that is not a zip', async () => {
      const notZip = join(dataDir, 'not.zip');
      writeFileSync(notZip, 'hello');
      for (const file of [join(dataDir, 'absent.zip'), notZip]) {
        const run = await runBinary(['preview', file, '--port', '0']);
        expect(run.code, file).toBe(2);
        expect(run.stderr).toMatch(/offprint: /);
      }
      expect(readFileSync(notZip, 'utf8')).toBe('hello');
    });
  });
});
