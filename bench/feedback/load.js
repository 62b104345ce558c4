/** Load patterns: one sequential client over every scenario, and N concurrent clients for a fixed time. */
import { performance } from 'node:perf_hooks';
import { summarize } from './client.js';

/**
 * @typedef {import('./scenarios.js').Scenario} Scenario
 * @typedef {ReturnType<import('./client.js').createClient>} Client
 */

/**
 * @param {string} path
 * @param {import('./client.js').Timed} res
 */
function check(path, res) {
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.body.toString('utf8').slice(0, 300)}`);
}

/** Lets a V8 collection happen between measurements instead of inside them (with node --expose-gc). */
export function collectGarbage() {
  const gc = /** @type {{ gc?: () => void }} */ (globalThis).gc;
  if (gc !== undefined) gc();
}

/**
 * Runs `rounds` rounds; each round sends one request of every scenario, in turn. Interleaving spreads
 * machine noise (other processes, drift, see perf-baselines section 0) evenly over all scenarios instead
 * of letting it land on whichever ran at a bad moment.
 * @param {Client} client one connection
 * @param {readonly Scenario[]} scenarios
 * @param {number} rounds
 */
export async function runSequential(client, scenarios, rounds) {
  const times = scenarios.map(() => /** @type {number[]} */ ([]));
  const bytes = scenarios.map(() => 0);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < scenarios.length; i++) {
      const scenario = /** @type {Scenario} */ (scenarios[i]);
      const path = /** @type {string} */ (scenario.paths[round % scenario.paths.length]);
      const res = await client.get(path);
      check(path, res);
      /** @type {number[]} */ (times[i]).push(res.ms);
      bytes[i] = (bytes[i] ?? 0) + res.body.length;
    }
    if (round % 50 === 49) collectGarbage();
  }
  return scenarios.map((scenario, i) => ({
    id: scenario.id,
    filter: scenario.filter,
    depth: scenario.depth,
    limit: scenario.limit,
    distinctPages: scenario.paths.length,
    avgBytes: Math.round((bytes[i] ?? 0) / rounds),
    ...summarize(times[i] ?? []),
  }));
}

/**
 * Runs `concurrency` clients, each sending the next path of `paths` as soon as its previous response is
 * complete, for `warmupS` seconds (not recorded) then `seconds` seconds.
 * @param {Client} client with at least `concurrency` sockets
 * @param {string} name
 * @param {readonly string[]} paths
 * @param {{ concurrency: number, seconds: number, warmupS: number }} options
 */
export async function runConcurrent(client, name, paths, options) {
  /** @type {number[]} */
  const times = [];
  let next = 0;
  const warmEnd = performance.now() + options.warmupS * 1000;
  const end = warmEnd + options.seconds * 1000;
  let measuredStart = Number.NaN;
  let measuredEnd = 0;
  const worker = async () => {
    for (;;) {
      const now = performance.now();
      if (now >= end) return;
      const path = /** @type {string} */ (paths[next++ % paths.length]);
      const res = await client.get(path);
      check(path, res);
      if (now >= warmEnd) {
        if (Number.isNaN(measuredStart)) measuredStart = now;
        times.push(res.ms);
        measuredEnd = performance.now();
      }
    }
  };
  collectGarbage();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsedS = (measuredEnd - measuredStart) / 1000;
  return {
    name,
    concurrency: options.concurrency,
    seconds: Math.round(elapsedS * 100) / 100,
    /** Requests sent, warm-up included. */
    total: next,
    reqPerS: Math.round(times.length / elapsedS),
    ...summarize(times),
  };
}
