/**
 * `offprint serve` as the built binary: the one announcement line, clean shutdown on SIGINT/SIGTERM,
 * refusing a newer data dir, and the CLI working on a data dir while the server runs on it.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_VERSION } from '../server/db/migrations.js';
import { runBinary, serveUntilExit, startServe, type ServeProcess } from './helpers/binary.js';
import { cli, CLI_BIN } from './helpers/cli.js';
import { fileDigest, tempDir, tooNewDataDir } from './helpers/dataDirs.js';
import { rawRequest } from './helpers/rawHttp.js';
import { craftZip, deflated } from './helpers/zipCraft.js';

const LINE = /^Offprint listening on http:\/\/127\.0\.0\.1:([0-9]{1,5})$/;

const bearer = (key: string): RequestInit => ({ headers: { Authorization: `Bearer ${key}` } });

describe.each(['SIGINT', 'SIGTERM'] as const)('serve --port 0, stopped by %s', (signal) => {
  let dataDir: string;
  let key: string;
  let serve: ServeProcess;

  beforeAll(async () => {
    dataDir = tempDir();
    key = (JSON.parse((await cli(['keys', 'create', '--json', '--data-dir', dataDir])).stdout) as { key: string }).key;
    serve = await startServe(['--port', '0', '--data-dir', dataDir]);
  });
  afterAll(async () => {
    await serve.stop('SIGKILL');
  });

  it('prints exactly one line naming the URL once it accepts requests', async () => {
    expect(serve.line).toMatch(LINE);
    const port = Number(LINE.exec(serve.line)?.[1]);
    expect(port).toBeGreaterThan(0);
    expect(serve.url).toBe(`http://127.0.0.1:${port}`);
    // Straight after the line, without retrying.
    const res = await fetch(`${serve.url}/v1/projects`, bearer(key));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { projects: { domain: string }[] }).projects.map((p) => p.domain)).toEqual([
      'sample-docs.localhost',
    ]);
  });

  it(`exits with code 0 on ${signal}, having printed nothing more on stdout`, async () => {
    expect(await serve.stop(signal)).toEqual({ code: 0, signal: null });
    expect(serve.stdout()).toBe(`${serve.line}\n`);
    // Nothing was logged at warning level or above.
    expect(serve.stderr()).toBe('');
  });
});

describe('serve logs', () => {
  it('are JSON lines off a terminal, and readable lines with the time with --log-format text', async () => {
    const env = { OFFPRINT_LOG_LEVEL: 'info' };
    const json = await startServe(['--port', '0', '--data-dir', tempDir()], { env });
    expect(await json.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const records = json
      .stderr()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(records.map((r) => r.msg)).toContain('server started');

    const text = await startServe(['--port', '0', '--data-dir', tempDir(), '--log-format', 'text'], { env });
    expect(await text.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const lines = text.stderr().trim().split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(/^\d\d:\d\d:\d\d info: server started \(url: http:\/\/127\.0\.0\.1:\d+,/),
    );
    expect(lines.at(-1)).toMatch(/^\d\d:\d\d:\d\d info: shutting down \(signal: SIGTERM\)$/);
    expect(text.stdout()).toBe(`${text.line}\n`);
  });

  it('refuses an unknown --log-format', async () => {
    const result = await serveUntilExit(['--port', '0', '--data-dir', tempDir(), '--log-format', 'xml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--log-format');
  });
});

describe('serve on a data dir the CLI works on at the same time', () => {
  let dataDir: string;
  let projectId: string;
  let serve: ServeProcess;

  beforeAll(async () => {
    dataDir = tempDir();
    const listed = await cli(['projects', 'list', '--json', '--data-dir', dataDir]);
    projectId = (JSON.parse(listed.stdout) as { projects: { projectId: string }[] }).projects[0]?.projectId ?? '';
    serve = await startServe(['--port', '0', '--allowed-host', 'Docs.Internal'], {
      env: { OFFPRINT_DATA_DIR: dataDir, OFFPRINT_ALLOWED_HOSTS: 'reader.lan, other.lan' },
    });
  });
  afterAll(async () => {
    expect(await serve.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('accepts a key the CLI creates, at once, and refuses it as soon as the CLI revokes it', async () => {
    const created = await cli(['keys', 'create', '--json', '--data-dir', dataDir]);
    const { key, keyId } = JSON.parse(created.stdout) as { key: string; keyId: string };
    expect((await fetch(`${serve.url}/v1/keys`, bearer(key))).status).toBe(200);

    expect((await cli(['keys', 'revoke', keyId, '--data-dir', dataDir])).code).toBe(0);
    const refused = await fetch(`${serve.url}/v1/keys`, bearer(key));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'The API key is not valid or was revoked' });
  });

  it('serves what the CLI imports, and the CLI exports what the server imported', async () => {
    const { key } = JSON.parse((await cli(['keys', 'create', '--json', '--data-dir', dataDir])).stdout) as {
      key: string;
    };
    const viaCli = `${JSON.stringify({ id: 'cli-1', path: '/a', createdAt: '2026-01-02T00:00:00Z', source: 'agent' })}\n`;
    const imported = await cli(['feedback', 'import', '--project', projectId, '-', '--data-dir', dataDir], {
      stdin: viaCli,
    });
    expect(imported.code).toBe(0);
    const page = await fetch(`${serve.url}/v1/analytics/${projectId}/feedback`, bearer(key));
    expect(((await page.json()) as { feedback: { id: string }[] }).feedback.map((e) => e.id)).toEqual(['cli-1']);

    const viaHttp = await fetch(`${serve.url}/v1/analytics/${projectId}/feedback/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-ndjson' },
      body: `${JSON.stringify({ id: 'http-1', path: '/b', createdAt: '2026-01-03T00:00:00Z', source: 'agent' })}\n`,
    });
    expect(viaHttp.status).toBe(200);
    const exported = await cli(['feedback', 'export', '--project', projectId, '--data-dir', dataDir]);
    expect(
      exported.stdout
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: string }).id),
    ).toEqual(['http-1', 'cli-1']);
  });

  it('answers the host names given by --allowed-host and OFFPRINT_ALLOWED_HOSTS, and no others', async () => {
    const status = async (host: string): Promise<number> =>
      (await rawRequest({ port: serve.port, path: '/health', headers: { Host: `${host}:${serve.port}` } })).status;
    expect(await status('docs.internal')).toBe(200);
    expect(await status('reader.lan')).toBe(200);
    expect(await status('other.lan')).toBe(200);
    expect(await status('evil.example')).toBe(403);
  });

  it('refuses a port already in use, naming it and suggesting --port, without a stack trace', async () => {
    const second = await serveUntilExit(['--port', String(serve.port), '--data-dir', tempDir()]);
    expect(second).toEqual({
      code: 1,
      signal: null,
      stdout: '',
      stderr:
        `offprint: port ${serve.port} is already in use (127.0.0.1:${serve.port}): another program listens there.\n` +
        'Choose another port with `offprint serve --port N` (or --port 0 for any free one).\n',
    });
  });

  it('refuses a --host name that does not resolve in words, not as getaddrinfo ENOTFOUND', async () => {
    const result = await serveUntilExit(['--host', 'no-such-host.invalid', '--port', '0', '--data-dir', tempDir()]);
    expect(result).toEqual({
      code: 1,
      signal: null,
      stdout: '',
      stderr:
        'offprint: cannot listen on no-such-host.invalid: no address of this machine has that name.\n' +
        'Choose another with --host (default 127.0.0.1).\n',
    });
  });

  it('preview says a port in use and an unknown --host as serve does, with its own command', async () => {
    const zip = join(tempDir(), 'bundle.zip');
    craftZip(zip, [deflated('index.html', '<p>hi</p>')]);
    expect(await cli(['preview', zip, '--port', String(serve.port)])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `offprint: port ${serve.port} is already in use (127.0.0.1:${serve.port}): another program listens there.\n` +
        'Choose another port with `offprint preview --port N` (or --port 0 for any free one).\n',
    });
    expect(await cli(['preview', zip, '--host', 'no-such-host.invalid', '--port', '0'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'offprint: cannot listen on no-such-host.invalid: no address of this machine has that name.\n' +
        'Choose another with --host (default 127.0.0.1).\n',
    });
  });
});

describe('serve --json', { timeout: 60_000 }, () => {
  it('prints one JSON object with the URL instead of the line, once it accepts requests; exits 0 on SIGTERM', async () => {
    const serve = await startServe(['--port', '0', '--data-dir', tempDir(), '--json']);
    try {
      expect(serve.line).toMatch(/^\{"url":"http:\/\/127\.0\.0\.1:\d+"\}$/);
      const { url } = JSON.parse(serve.line) as { url: string };
      expect((await fetch(`${url}/health`)).status).toBe(200);
      expect(await serve.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      expect(serve.stdout()).toBe(`${serve.line}\n`);
    } finally {
      await serve.stop('SIGKILL');
    }
  });
});

describe('preview --json', { timeout: 60_000 }, () => {
  it('prints one JSON object with the URL once it listens, as every --json does, and exits 0 on SIGINT', async () => {
    const zip = join(tempDir(), 'bundle.zip');
    craftZip(zip, [deflated('index.html', '<p>hi</p>')]);
    const child = spawn(process.execPath, [CLI_BIN, 'preview', zip, '--port', '0', '--json']);
    try {
      const exited = once(child, 'exit');
      let stdout = '';
      child.stdout.setEncoding('utf8');
      for await (const chunk of child.stdout) {
        stdout += chunk as string;
        if (stdout.includes('\n')) break;
      }
      const line = stdout.trimEnd();
      expect(line).toMatch(/^\{"url":"http:\/\/127\.0\.0\.1:\d+"\}$/);
      const { url } = JSON.parse(line) as { url: string };
      expect(await (await fetch(url)).text()).toBe('<p>hi</p>');
      child.kill('SIGINT');
      expect((await exited)[0]).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('two serve on one data dir', { timeout: 120_000 }, () => {
  it('refuses the second, naming the first’s pid and URL, and leaves the first and its sites as they were', async () => {
    const dataDir = tempDir();
    const first = await startServe(['--port', '0', '--data-dir', dataDir]);
    try {
      const before = readFileSync(join(dataDir, 'server.json'), 'utf8');
      const siteUrl = Object.values((JSON.parse(before) as { sites: Record<string, string> }).sites)[0] ?? '';
      const second = await serveUntilExit(['--port', '0', '--data-dir', dataDir]);
      expect(second).toEqual({
        code: 1,
        signal: null,
        stdout: '',
        stderr:
          `offprint: another Offprint (pid ${first.child.pid}) is already serving ${dataDir} at ${first.url}\n` +
          '  - stop it first, or start this one with another --data-dir\n',
      });
      // The first one's sites are still announced and served, at the same URLs.
      expect(readFileSync(join(dataDir, 'server.json'), 'utf8')).toBe(before);
      expect((await fetch(`${siteUrl}/`)).status).toBe(200);
      expect((await fetch(`${first.url}/health`)).status).toBe(200);
    } finally {
      expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }
    expect(existsSync(join(dataDir, 'serve.lock'))).toBe(false);
  });

  it('takes over the lock of a server that was killed, keeping its sites’ URLs', async () => {
    const dataDir = tempDir();
    const killed = await startServe(['--port', '0', '--data-dir', dataDir]);
    const urls = readFileSync(join(dataDir, 'server.json'), 'utf8');
    await killed.stop('SIGKILL');
    expect(existsSync(join(dataDir, 'serve.lock'))).toBe(true);
    const next = await startServe(['--port', '0', '--data-dir', dataDir]);
    const sites = (s: string): unknown => (JSON.parse(s) as { sites: unknown }).sites;
    expect(sites(readFileSync(join(dataDir, 'server.json'), 'utf8'))).toEqual(sites(urls));
    expect(await next.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(next.stderr()).toBe('');
  });
});

describe('serve on a data dir written by a newer Offprint', () => {
  it('exits non-zero with the clear message on stderr, printing nothing on stdout, leaving the file as it was', async () => {
    const { dataDir, file, version } = tooNewDataDir();
    const digest = fileDigest(file);
    const result = await serveUntilExit(['--port', '0', '--data-dir', dataDir]);
    expect(result).toMatchObject({ code: 1, signal: null, stdout: '' });
    expect(result.stderr.split('\n')).toContain(
      `offprint: This data directory was written by a newer version of Offprint (database schema ${version}; ` +
        `this version understands up to ${LATEST_VERSION}). Upgrade Offprint, or use another --data-dir.`,
    );
    expect(fileDigest(file)).toBe(digest);
  });
});

describe('first start from several processes at once', () => {
  it('creates one default organization and project however many commands race to open the data dir', async () => {
    const dataDir = tempDir();
    const env = { OFFPRINT_DATA_DIR: dataDir };
    const results = await Promise.all([
      runBinary(['keys', 'create', '--json'], { env }),
      runBinary(['keys', 'create', '--json'], { env }),
      runBinary(['projects', 'list', '--json'], { env }),
    ]);
    for (const result of results) expect(result).toMatchObject({ code: 0, stderr: '' });
    const projects = JSON.parse((await cli(['projects', 'list', '--json', '--data-dir', dataDir])).stdout) as {
      projects: { orgId: string }[];
    };
    expect(projects.projects).toHaveLength(1);
    const keys = JSON.parse((await cli(['keys', 'list', '--json', '--data-dir', dataDir])).stdout) as {
      keys: { orgId: string }[];
    };
    expect(keys.keys.map((k) => k.orgId)).toEqual([projects.projects[0]?.orgId, projects.projects[0]?.orgId]);
  });
});
