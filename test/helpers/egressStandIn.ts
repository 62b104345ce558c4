/**
 * What the egress check's tests share: a loopback server standing in for the internet, which records
 * every request (and WebSocket upgrade) that reaches it, and the check itself run on a stand-in bundle with
 * the settings those tests have in common.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proveZeroEgress, type EgressCheckInput } from '../../server/export/egress/prove.js';
import type { EgressProof } from '../../server/export/egressProof.js';
import { silentLogger } from '../../server/logger.js';
import { playwrightRenderBackend } from '../../server/render/playwrightBackend.js';

/** A running stand-in for the outside world. */
export interface Outside {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** Every request that reached it (`upgrade PATH` for a WebSocket), in order. */
  readonly hits: string[];
  readonly close: () => Promise<void>;
}

/** Starts a loopback server answering every request with `body` and recording it. */
export async function startOutside(body = ''): Promise<Outside> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end(body);
  });
  server.on('upgrade', (req, socket) => {
    hits.push(`upgrade ${req.url ?? ''}`);
    socket.destroy();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const close = async (): Promise<void> => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  };
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, close };
}

/**
 * Runs the real check (local Chromium) on a stand-in bundle: no search or collectors, outside requests
 * recorded as failures rather than failing, a fixed time; anything else as `input` says.
 */
export function checkStandInBundle(
  input: Pick<EgressCheckInput, 'bundleDir' | 'files'> & Partial<EgressCheckInput>,
): Promise<EgressProof> {
  return proveZeroEgress({
    redirects: [],
    features: { search: false, feedback: null, analytics: null, apiPlayground: null, assistant: false },
    allowEgress: true,
    time: '2026-01-01T00:00:00.000Z',
    backend: playwrightRenderBackend(),
    concurrency: 1,
    signal: new AbortController().signal,
    logger: silentLogger(),
    ...input,
  });
}
