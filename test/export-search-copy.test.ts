/**
 * The export's copy of the search index ends whole when a read fails: no further file is read, and the
 * export's failure comes only once the reads in flight have ended, so none of them goes on (retrying,
 * logging) against a site server the failed run is closing. A stand-in site server answers the index,
 * slowly, and one term shard with a 404.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportFailedError } from '../server/export/contract.js';
import { writeBundleSearch } from '../server/export/searchBundle.js';
import { silentLogger } from '../server/logger.js';
import { tempDir } from './helpers/dataDirs.js';

const SHARDS = 40;
/** The shard that answers 404. */
const BROKEN = 't3';
const DELAY_MS = 40;

const requested: string[] = [];
let inFlight = 0;
let answeredAfterFailure = false;
let failed = false;

const server: Server = createServer((req, res) => {
  const name = /\/_offprint\/search\/(\w+)\.json$/.exec(req.url ?? '')?.[1] ?? '';
  requested.push(name);
  inFlight++;
  const answer = (): void => {
    inFlight--;
    if (failed) answeredAfterFailure = true;
    if (name === BROKEN) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const body =
      name === 'manifest'
        ? { version: 3, docs: 0, chunk: 50, shards: Array.from({ length: SHARDS }, (_, i) => `a${i}`) }
        : { terms: [] };
    res.end(JSON.stringify(body));
  };
  // The broken shard answers at once; the others take a while, so several are in flight when it fails.
  setTimeout(answer, name === BROKEN || name === 'manifest' ? 0 : DELAY_MS);
});
let origin = '';

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("the export's copy of the search index", () => {
  it('after a failed read starts no other and fails only once the reads in flight have ended', async () => {
    const copying = writeBundleSearch({ origin, logger: silentLogger() }, tempDir('offprint-search-copy-'), new Map());
    const error = await copying.catch((caught: unknown) => {
      failed = true;
      return caught;
    });
    expect(error).toBeInstanceOf(ExportFailedError);
    expect(String(error)).toContain('HTTP 404');
    // Nothing was still being read when the copy failed, and nothing was asked for after.
    expect(inFlight).toBe(0);
    const asked = requested.length;
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS * 3));
    expect(requested.length).toBe(asked);
    expect(answeredAfterFailure).toBe(false);
    // The shards after the broken one and the reads in flight: far from all 40 were read.
    expect(asked).toBeLessThan(SHARDS / 2);
    expect(requested).toContain(BROKEN);
  });
});
