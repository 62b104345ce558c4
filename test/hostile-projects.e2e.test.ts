/**
 * A docs project is untrusted code: imported through the API and through the CLI, a project whose
 * pages try to read a file outside it, read the environment, run a command, escape through the
 * Function constructor, do all that from a `.jsx` snippet, loop forever (in a page and in a snippet's
 * top level) and exhaust memory. Nothing outside the project is read or written, the server's secret
 * appears in no page, `/health` answers within 1 s throughout (measured), and the import lists each
 * page that could not render.
 */
import AdmZip from 'adm-zip';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRuntime } from '../server/runtime.js';
import { silentLogger } from '../server/logger.js';
import { runBinary, startServe, type ServeProcess } from './helpers/binary.js';
import { tempDir } from './helpers/dataDirs.js';
import { FAILING_PAGES, HOSTILE_PAGES, writeHostileProject, type Canaries } from './helpers/hostileProject.js';

/** Polls `/health` one request after another until stopped; resolves with every latency in ms. */
function watchHealth(url: string): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${url}/health`);
        await res.arrayBuffer();
        latencies.push(res.ok ? performance.now() - t0 : Infinity);
      } catch {
        latencies.push(Infinity);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return latencies;
    },
  };
}

function zipFolder(dir: string): Buffer {
  const zip = new AdmZip();
  zip.addLocalFolder(dir);
  return zip.toBuffer();
}

interface Problem {
  code: string;
  file: string;
  message: string;
}

function renderFailures(problems: readonly Problem[]): string[] {
  return problems
    .filter((p) => p.code === 'render-failed')
    .map((p) => p.file)
    .sort();
}

describe('a hostile docs project', () => {
  const dataDir = tempDir();
  const markerDir = tempDir('offprint-markers-');
  const canaryDir = tempDir('offprint-canary-');
  let connections = 0;
  const canaryServer = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  let canaries: Canaries = {
    file: join(canaryDir, 'canary.txt'),
    fileToken: 'CANARY-FILE-7f3a9c',
    envName: 'OFFPRINT_TEST_CANARY',
    envToken: 'CANARY-ENV-51be02',
    markerDir,
    port: 0,
    dataDir,
  };
  // Short page limits keep the test quick; the defaults are 10 s and 512 MB.
  const env = { [canaries.envName]: canaries.envToken, OFFPRINT_RENDER_TIMEOUT: '3', OFFPRINT_RENDER_MEMORY_MB: '128' };
  let project: string;
  let serve: ServeProcess;
  let projectId: string;
  let key: string;
  let secrets: string[];
  let siteUrl: string;

  beforeAll(async () => {
    mkdirSync(canaryDir, { recursive: true });
    canaryServer.listen(0, '127.0.0.1');
    await once(canaryServer, 'listening');
    const address = canaryServer.address();
    canaries = { ...canaries, port: typeof address === 'object' && address !== null ? address.port : 0 };
    writeFileSync(canaries.file, canaries.fileToken);
    project = writeHostileProject(canaries);
    const keys = await runBinary(['keys', 'create', '--json', '--data-dir', dataDir]);
    key = (JSON.parse(keys.stdout) as { key: string }).key;
    const runtime = openRuntime(dataDir, silentLogger());
    secrets = [runtime.secret.toString('base64'), runtime.secret.toString('hex'), runtime.secret.toString('base64url')];
    runtime.close();
    const listed = await runBinary(['projects', 'list', '--json', '--data-dir', dataDir]);
    projectId = (JSON.parse(listed.stdout) as { projects: { projectId: string }[] }).projects[0]?.projectId ?? '';
    serve = await startServe(['--port', '0', '--data-dir', dataDir], { env });
  }, 60_000);

  afterAll(async () => {
    await serve.stop();
    canaryServer.close();
  });

  it('imported over the API: each page that cannot render is reported, /health answers within 1 s throughout', async () => {
    const health = watchHealth(serve.url);
    const res = await fetch(`${serve.url}/v1/projects/${projectId}/site`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/zip' },
      body: new Uint8Array(zipFolder(project)),
    });
    const body = (await res.json()) as { problemList: Problem[]; siteUrl: string };
    const latencies = await health.stop();
    expect(res.status).toBe(200);
    expect(renderFailures(body.problemList)).toEqual([...FAILING_PAGES].sort());
    const reasons = body.problemList.filter((p) => p.code === 'render-failed').map((p) => p.message);
    expect(reasons.filter((r) => r.includes('took longer than 3 s'))).toHaveLength(2);
    expect(reasons.filter((r) => r.includes('more memory than the render sandbox allows (128 MB)'))).toHaveLength(1);
    expect(reasons.filter((r) => /call stack|string length/i.test(r))).toHaveLength(2);
    expect(latencies.length).toBeGreaterThan(10);
    expect(Math.max(...latencies)).toBeLessThan(1000);
    siteUrl = body.siteUrl;
  }, 120_000);

  /** The pages whose render runs out of time (the others fail for good, or render). */
  const OUT_OF_TIME = new Set(['loop', 'snippet-loop']);

  it('serves every page with nothing from outside the project in it, /health within 1 s meanwhile', async () => {
    const health = watchHealth(serve.url);
    const pages = new Map<string, string>();
    for (const path of HOSTILE_PAGES) {
      const res = await fetch(`${siteUrl}/${path === 'index' ? '' : path}`);
      // A page that ran out of time is no lasting answer: 503, with its error box (site-serve-incomplete).
      expect(res.status, path).toBe(OUT_OF_TIME.has(path) ? 503 : 200);
      pages.set(path, await res.text());
    }
    const latencies = await health.stop();
    for (const [path, html] of pages) {
      for (const stolen of [
        canaries.fileToken,
        canaries.envToken,
        ...secrets,
        'STOLEN',
        'RAN',
        'WROTE',
        'SENT',
        'SQLite format',
      ]) {
        expect(html.includes(stolen), `${path} shows ${stolen}`).toBe(false);
      }
    }
    expect(pages.get('index')).toContain('This page renders.');
    expect(pages.get('function-escape')).toContain('Code generation from strings disallowed');
    expect(pages.get('environment')).toContain('no process');
    expect(pages.get('loop')).toContain('took longer than 3 s to render');
    expect(pages.get('memory-bomb')).toContain('more memory than the render sandbox allows');
    expect(readdirSync(markerDir)).toEqual([]);
    expect(connections).toBe(0);
    expect(Math.max(...latencies)).toBeLessThan(1000);
  }, 120_000);

  it('imported by the CLI: the same report, nothing read or written, no secret in any output', async () => {
    const run = await runBinary(['sites', 'import', '--project', projectId, project, '--json', '--data-dir', dataDir], {
      env,
    });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { problemList: Problem[] };
    expect(renderFailures(result.problemList)).toEqual([...FAILING_PAGES].sort());
    for (const stolen of [canaries.fileToken, canaries.envToken, ...secrets]) {
      expect(run.stdout + run.stderr).not.toContain(stolen);
    }
    expect(readdirSync(markerDir)).toEqual([]);
    expect(connections).toBe(0);
  }, 120_000);
});
