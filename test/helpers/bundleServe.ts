/**
 * `offprint serve-bundle` as the chart runs it (the built binary in a child process), and a bundle host
 * the tests control: it serves a zip with an ETag and Range support, and can hold the body back or
 * trickle it (to see `/readyz` before a bundle is ready, and to kill the process mid-download).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLI_BIN } from './cli.js';

/** A running serve-bundle process. */
export interface BundleProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly stderr: () => string;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
  /** Polls `/readyz` until 200 (or throws when the process exits first). */
  readonly ready: () => Promise<{ sha256: string; version: string | null }>;
  readonly stop: () => Promise<number | null>;
}

/** Starts `offprint serve-bundle ...args`; resolves once its one stdout line is printed (or it exited). */
export async function startServeBundle(args: string[]): Promise<BundleProcess> {
  const child = spawn(process.execPath, [CLI_BIN, 'serve-bundle', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; i < 600 && !gone && !stdout.includes('\n'); i++) await new Promise((r) => setTimeout(r, 50));
  const url = /^Offprint bundle server listening on (http:\/\/\S+)$/m.exec(stdout)?.[1] ?? '';
  const ready = async (): Promise<{ sha256: string; version: string | null }> => {
    for (let i = 0; i < 1200; i++) {
      if (gone) throw new Error(`serve-bundle exited:\n${stderr}`);
      const response = await fetch(`${url}/readyz`).catch(() => null);
      if (response?.status === 200) return (await response.json()) as { sha256: string; version: string | null };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`serve-bundle never became ready:\n${stderr}`);
  };
  const stop = async (): Promise<number | null> => {
    if (!gone) child.kill('SIGTERM');
    return exited;
  };
  return { child, url, stderr: () => stderr, exited, ready, stop };
}

/** How the test host sends the body: at once, held until released, or in slow chunks. */
export type HostMode = 'fast' | 'hold' | 'trickle';

/** A bundle host: one zip at `url`, with the requests it saw. */
export interface BundleHost {
  readonly url: string;
  readonly ranges: (string | undefined)[];
  mode: HostMode;
  readonly release: () => void;
  readonly close: () => Promise<void>;
}

/** Serves `zip` at `/bundle.zip` (ETag, Range/If-Range). */
export async function startBundleHost(zip: Buffer, etag: string): Promise<BundleHost> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((r) => (release = r));
  const host: { mode: HostMode } = { mode: 'fast' };
  const ranges: (string | undefined)[] = [];
  const server: Server = createServer((req, res) => {
    ranges.push(req.headers.range);
    const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = match !== null && req.headers['if-range'] === etag ? Number(match[1]) : 0;
    const body = zip.subarray(start);
    const headers = { ETag: etag, 'Content-Type': 'application/zip', 'Content-Length': String(body.length) };
    if (start > 0)
      res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${zip.length - 1}/${zip.length}` });
    else res.writeHead(200, headers);
    void (async () => {
      if (host.mode === 'hold') await released;
      if (host.mode !== 'trickle') {
        res.end(body);
        return;
      }
      for (let at = 0; at < body.length && !res.destroyed; at += 4096) {
        res.write(body.subarray(at, at + 4096));
        await new Promise((r) => setTimeout(r, 100));
      }
      res.end();
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return Object.assign(host, {
    url: `http://127.0.0.1:${port}/bundle.zip`,
    ranges,
    release: () => release(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  });
}
