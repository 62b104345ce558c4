/**
 * Hygiene (issue 9): what crashed imports leave behind is swept when `offprint serve` starts, while a
 * live process's upload and the current build stay; error bodies show neither server paths nor
 * internal exception text. The sweep runs the built CLI; the error checks the real API server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_BIN, cliProcess } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { SERVE_MINI } from './helpers/siteServe.js';

const BUILD = '01HZZZZZZZZZZZZZZZZZZZZZZZ';
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGTERM');
});

/** The pid of a process that has exited (so no import of it can still be running). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid ?? 0;
}

/** Starts the built `offprint serve` on `dataDir`; resolves once it says it is listening. */
function serve(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, OFFPRINT_LOG_LEVEL: 'silent' },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('listening on')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${String(code)} before listening`)));
  });
}

function put(file: string, text = 'x'): string {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('the start-up sweep', () => {
  it('removes orphaned uploads, staged and unused builds; keeps a live upload and the current build', async () => {
    const dataDir = tempDir('offprint-sweep-');
    const created = await cliProcess(['projects', 'create', '--name', 'Sw', '--domain', 'sw.example', '--json'], {
      OFFPRINT_DATA_DIR: dataDir,
    });
    expect(created.code, created.stderr).toBe(0);
    const { projectId } = JSON.parse(created.stdout) as { projectId: string };
    expect(
      (await cliProcess(['sites', 'import', '--project', projectId, SERVE_MINI, '--data-dir', dataDir])).code,
    ).toBe(0);
    const sites = join(dataDir, 'sites');
    const live = readdirSync(join(sites, projectId));
    expect(live).toHaveLength(1);
    const dead = await deadPid();
    const orphans = [
      put(join(sites, '.uploads', `${BUILD}-${dead}.zip`)),
      put(join(sites, '.uploads', `${BUILD}.zip`)),
      put(join(sites, '.staging', `${BUILD}-${dead}`, 'docs.json'), '{}'),
      put(join(sites, projectId, BUILD, 'docs.json'), '{}'),
      put(join(sites, 'prj_gone000000000000', BUILD, 'index.mdx')),
    ];
    const inUse = put(join(sites, '.uploads', `01HZZZZZZZZZZZZZZZZZZZZZZY-${process.pid}.zip`));

    await serve(dataDir);
    for (const orphan of orphans) expect(existsSync(orphan), orphan).toBe(false);
    expect(existsSync(join(sites, 'prj_gone000000000000'))).toBe(false);
    expect(existsSync(inUse)).toBe(true);
    expect(readdirSync(join(sites, projectId))).toEqual(live);
    expect(existsSync(join(sites, projectId, live[0] ?? '', 'guides', 'intro.mdx'))).toBe(true);
  });
});

describe('error bodies', () => {
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Every absolute folder a body must not name. */
  const privateDirs = (server: TestServer): string[] => [server.dataDir, `${tmpdir()}/`];

  it('answers an internal failure with a generic 500: no path, no exception text', async () => {
    t = await startTestServer();
    // A file where the uploads folder should be: mkdir fails with ENOTDIR/EEXIST naming the path.
    put(join(t.dataDir, 'sites', '.uploads'));
    const zip = new AdmZip();
    zip.addFile('docs.json', Buffer.from('{"name":"x","navigation":{"pages":["index"]}}'));
    const res = await t.api(`/v1/projects/${t.projectId}/site`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/zip' },
      body: new Uint8Array(zip.toBuffer()),
    });
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: 'Internal server error' });
    for (const dir of privateDirs(t)) expect(text).not.toContain(dir);
  });

  it('names an uploaded zip as "the uploaded zip", never by its file in the data dir', async () => {
    t = await startTestServer();
    const res = await t.api(`/v1/projects/${t.projectId}/site`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/zip' },
      body: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]),
    });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).toContain('the uploaded zip');
    for (const dir of privateDirs(t)) expect(text).not.toContain(dir);
  });
});
