/**
 * An NDJSON feedback import whose third line is 1 GB, streamed (never held in memory by the test) to a
 * real `offprint serve` and to `offprint feedback import -`: the line cap applies on the byte stream, so
 * the import is refused as soon as the line passes 2 MiB, with a 413 naming the line (the CLI: a clear
 * error), nothing of the file is stored, and the server's peak resident memory stays under the bound.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_LINE_BYTES } from '../server/domain/feedback/importer.js';
import { CLI_BIN } from './helpers/cli.js';
import { memoryOf, startHostileServer, type HostileServer } from './helpers/hostileServe.js';

/** Peak resident memory allowed to the server (it idles at about 140 MiB, measured). */
const RSS_BOUND_MIB = 300;
const GIB = 1024 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 'a');

const valid = (id: string): string => `${JSON.stringify({ id, path: '/', source: 'agent' })}\n`;
/** Two valid lines, then the start of a line whose comment runs on for `bytes`. */
const head = `${valid('ok-1')}${valid('ok-2')}{"path":"/","source":"agent","comment":"`;

interface Outcome {
  readonly status: number;
  readonly body: { error: string; details: { message: string }[] };
  readonly sentMiB: number;
  readonly seconds: number;
}

/** POSTs the head and then up to 1 GiB of the long line, stopping as soon as the server answers. */
function postHugeLine(server: HostileServer): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(`${server.serve.url}/v1/analytics/${server.projectId}/feedback/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/x-ndjson' },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text) as Outcome['body'],
            sentMiB: Math.round(sent / 1024 / 1024),
            seconds: (Date.now() - started) / 1000,
          });
        } catch {
          reject(new Error(`${String(res.statusCode)}: not JSON: ${text.slice(0, 200)}`));
        }
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = (): void => {
      while (!answered && sent < GIB) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end('"}\n');
    };
    req.write(head);
    pump();
  });
}

describe('a 1 GB NDJSON line', () => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer();
  }, 60_000);
  afterAll(async () => {
    await server.serve.stop();
  });

  it('is a 413 naming the line within seconds, nothing stored, the server staying under the bound', async () => {
    const idle = memoryOf(server.serve.child.pid ?? 0);
    const outcome = await postHugeLine(server);
    const after = memoryOf(server.serve.child.pid ?? 0);
    console.info(
      'hostile-ndjson (MiB, s):',
      JSON.stringify({ idle, after, sentMiB: outcome.sentMiB, seconds: outcome.seconds }),
    );
    expect(outcome.status).toBe(413);
    expect(outcome.body.details).toEqual([
      { message: `line 3: longer than ${MAX_IMPORT_LINE_BYTES} bytes; nothing was imported` },
    ]);
    expect(outcome.seconds).toBeLessThan(10);
    // The server stopped reading long before the gigabyte was sent.
    expect(outcome.sentMiB).toBeLessThan(512);
    expect(after.peakMiB).toBeLessThan(RSS_BOUND_MIB);
    const list = await fetch(`${server.serve.url}/v1/analytics/${server.projectId}/feedback`, {
      headers: { Authorization: `Bearer ${server.key}` },
    });
    expect(((await list.json()) as { feedback: unknown[] }).feedback).toEqual([]);
  }, 60_000);

  it('is a clear error from `offprint feedback import -`, streamed on standard input', async () => {
    const child = spawn(process.execPath, [
      CLI_BIN,
      'feedback',
      'import',
      '--project',
      server.projectId,
      '-',
      '--data-dir',
      server.dataDir,
    ]);
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => (stderr += c));
    child.stdin.on('error', () => undefined); // EPIPE once the CLI stops reading: expected.
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    let done = false;
    void exited.then(() => (done = true));
    child.stdin.write(head);
    for (let sent = 0; sent < GIB && !done; sent += CHUNK.length) {
      if (!child.stdin.write(CHUNK)) await Promise.race([new Promise((r) => child.stdin.once('drain', r)), exited]);
    }
    const code = await exited;
    expect(code).not.toBe(0);
    expect(stderr).toContain('line 3 is longer than 2097152 bytes');
  }, 60_000);
});
