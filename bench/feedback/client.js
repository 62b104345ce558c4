/** A keep-alive HTTP client with per-request timing, and latency statistics. */
import { Buffer } from 'node:buffer';
import { URL } from 'node:url';
import http from 'node:http';

/**
 * @typedef {{ status: number, body: Buffer, ms: number }} Timed
 * A response and the time from sending the request to the last byte of the body, in milliseconds.
 */

/**
 * Creates a client that keeps up to `maxSockets` connections open to `baseUrl`.
 * @param {string} baseUrl
 * @param {string} key admin API key
 * @param {number} maxSockets
 */
export function createClient(baseUrl, key, maxSockets) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  const headers = { Authorization: `Bearer ${key}`, Accept: 'application/json' };
  /**
   * @param {string} path
   * @returns {Promise<Timed>}
   */
  const once = (path) =>
    new Promise((resolve, reject) => {
      const start = process.hrtime.bigint();
      const req = http.request({ host: url.hostname, port: url.port, path, agent, headers }, (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            ms: Number(process.hrtime.bigint() - start) / 1e6,
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  return {
    /**
     * GETs `path`. One retry when a kept-alive connection was closed by the server just as it was reused
     * (the server drops idle connections after 5 s); GET is idempotent.
     * @param {string} path
     * @returns {Promise<Timed>}
     */
    async get(path) {
      try {
        return await once(path);
      } catch (error) {
        const code = /** @type {{ code?: string }} */ (error).code;
        if (code !== 'ECONNRESET' && code !== 'EPIPE') throw error;
        return once(path);
      }
    },
    /**
     * GETs `path` and parses the JSON body; throws unless the status is 200.
     * @param {string} path
     * @returns {Promise<{ json: unknown, ms: number, bytes: number }>}
     */
    async getJson(path) {
      const res = await this.get(path);
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.body.toString('utf8').slice(0, 500)}`);
      return { json: JSON.parse(res.body.toString('utf8')), ms: res.ms, bytes: res.body.length };
    },
    close: () => agent.destroy(),
  };
}

/**
 * Summarises latencies (ms): nearest-rank percentiles.
 * @param {number[]} values
 */
export function summarize(values) {
  const sorted = Float64Array.from(values).sort();
  const at = (/** @type {number} */ q) =>
    sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: sorted.length === 0 ? Number.NaN : (sorted[sorted.length - 1] ?? 0),
    mean: sorted.length === 0 ? Number.NaN : sum / sorted.length,
  };
}
