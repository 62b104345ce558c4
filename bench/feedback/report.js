/** Turns benchmark results into plain-text tables and a goal verdict (PASS/MISS; never a failure exit). */

/** The goals of issue 2 ("Foundation"), plus the import's bounded-memory requirement. */
export const GOALS = {
  p50Ms: 5,
  p99Ms: 20,
  walkS: 30,
  rssBytes: 300e6,
  /** The import's peak RSS may not grow by more than this factor from the small to the large file. */
  importGrowth: 1.5,
};

/**
 * Renders rows as an aligned table (numbers right-aligned).
 * @param {readonly string[]} header
 * @param {readonly (readonly (string | number)[])[]} rows
 */
export function table(header, rows) {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, c) => Math.max(...cells.map((row) => (row[c] ?? '').length)));
  const numeric = header.map((_, c) => rows.length > 0 && rows.every((row) => typeof row[c] === 'number'));
  const line = (/** @type {string[]} */ row) =>
    row
      .map((cell, c) => (numeric[c] ? cell.padStart(widths[c] ?? 0) : cell.padEnd(widths[c] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(cells[0] ?? []), rule, ...cells.slice(1).map(line)].join('\n');
}

/**
 * @param {number} value
 * @param {number} digits
 */
const fixed = (value, digits) => Number(value.toFixed(digits));
/** @param {number} kb */
export const mib = (kb) => fixed(kb / 1024, 1);
/** @param {boolean} ok */
const verdict = (ok) => (ok ? 'PASS' : 'MISS');

/**
 * @typedef {{ id: string, filter: string, depth: string, limit: number, distinctPages: number, avgBytes: number,
 *   n: number, p50: number, p90: number, p99: number, max: number, mean: number }} ScenarioResult
 * @typedef {{ name: string, concurrency: number, seconds: number, reqPerS: number, n: number, p50: number,
 *   p90: number, p99: number, max: number, mean: number, serverCpuMsPerRequest: number }} ConcurrentResult
 */

/**
 * @param {readonly ScenarioResult[]} results
 */
export function scenarioTable(results) {
  return table(
    ['filter', 'depth', 'limit', 'pages', 'KB', 'n', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'goal'],
    results.map((r) => [
      r.filter,
      r.depth,
      r.limit,
      r.distinctPages,
      fixed(r.avgBytes / 1000, 1),
      r.n,
      fixed(r.p50, 2),
      fixed(r.p90, 2),
      fixed(r.p99, 2),
      fixed(r.max, 1),
      verdict(r.p50 < GOALS.p50Ms && r.p99 < GOALS.p99Ms),
    ]),
  );
}

/**
 * @param {readonly ConcurrentResult[]} results
 */
export function concurrentTable(results) {
  return table(
    ['scenario', 'clients', 'seconds', 'req/s', 'srv CPU ms/req', 'n', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'goal'],
    results.map((r) => [
      r.name,
      r.concurrency,
      r.seconds,
      r.reqPerS,
      fixed(r.serverCpuMsPerRequest, 2),
      r.n,
      fixed(r.p50, 2),
      fixed(r.p90, 2),
      fixed(r.p99, 2),
      fixed(r.max, 1),
      verdict(r.p50 < GOALS.p50Ms && r.p99 < GOALS.p99Ms),
    ]),
  );
}

/**
 * @typedef {{ filter: string, limit: number, entries: number, pages: number, ms: number, bytes: number,
 *   pageP50: number, pageP99: number, pass: string, serverCpuMsPerPage: number }} WalkResult
 * @param {readonly WalkResult[]} walks
 */
export function walkTable(walks) {
  return table(
    [
      'walk',
      'filter',
      'limit',
      'entries',
      'pages',
      'MB',
      'seconds',
      'entries/s',
      'p50 ms',
      'p99 ms',
      'srv CPU ms/page',
    ],
    walks.map((w) => [
      w.pass,
      w.filter,
      w.limit,
      w.entries,
      w.pages,
      fixed(w.bytes / 1e6, 1),
      fixed(w.ms / 1000, 2),
      Math.round(w.entries / (w.ms / 1000)),
      fixed(w.pageP50, 2),
      fixed(w.pageP99, 2),
      // CPU time is counted in 10 ms ticks: meaningless over a handful of pages.
      w.pages >= 50 ? fixed(w.serverCpuMsPerPage, 2) : '-',
    ]),
  );
}

/**
 * The goal verdicts.
 * @param {{ scenarios: readonly ScenarioResult[], concurrent: readonly ConcurrentResult[],
 *   fullWalks: readonly WalkResult[], serverPeakKb: number,
 *   importPeakKb: number, scalingPeakKb: number | undefined, entries: number, scalingEntries: number | undefined }} r
 * @returns {{ goal: string, measured: string, verdict: string }[]}
 */
export function goalVerdicts(r) {
  const worst = (
    /** @type {'p50' | 'p99'} */ key,
    /** @type {readonly (ScenarioResult | ConcurrentResult)[]} */ list,
  ) => list.reduce((a, b) => (b[key] > a[key] ? b : a));
  const s50 = worst('p50', r.scenarios);
  const s99 = worst('p99', r.scenarios);
  const slowestWalk = r.fullWalks.reduce((a, b) => (b.ms > a.ms ? b : a));
  const rows = [
    {
      goal: `p50 < ${GOALS.p50Ms} ms, every page scenario (1 client)`,
      measured: `worst ${s50.p50.toFixed(2)} ms (${'id' in s50 ? s50.id : ''})`,
      verdict: verdict(s50.p50 < GOALS.p50Ms),
    },
    {
      goal: `p99 < ${GOALS.p99Ms} ms, every page scenario (1 client)`,
      measured: `worst ${s99.p99.toFixed(2)} ms (${'id' in s99 ? s99.id : ''})`,
      verdict: verdict(s99.p99 < GOALS.p99Ms),
    },
  ];
  if (r.concurrent.length > 0) {
    const c50 = worst('p50', r.concurrent);
    const c99 = worst('p99', r.concurrent);
    rows.push(
      {
        goal: `p50 < ${GOALS.p50Ms} ms at ${c50.concurrency} concurrent clients`,
        measured: `worst ${c50.p50.toFixed(2)} ms (${'name' in c50 ? c50.name : ''})`,
        verdict: verdict(c50.p50 < GOALS.p50Ms),
      },
      {
        goal: `p99 < ${GOALS.p99Ms} ms at ${c99.concurrency} concurrent clients`,
        measured: `worst ${c99.p99.toFixed(2)} ms (${'name' in c99 ? c99.name : ''})`,
        verdict: verdict(c99.p99 < GOALS.p99Ms),
      },
    );
  }
  rows.push(
    {
      goal: `all ${r.entries.toLocaleString('en-US')} entries paged (L100) in < ${GOALS.walkS} s`,
      measured: `slowest of ${r.fullWalks.length} passes ${(slowestWalk.ms / 1000).toFixed(2)} s`,
      verdict: verdict(slowestWalk.ms / 1000 < GOALS.walkS),
    },
    {
      goal: `server RSS < ${GOALS.rssBytes / 1e6} MB (peak, VmHWM)`,
      measured: `${mib(r.serverPeakKb)} MiB = ${((r.serverPeakKb * 1024) / 1e6).toFixed(1)} MB`,
      verdict: verdict(r.serverPeakKb * 1024 < GOALS.rssBytes),
    },
  );
  if (r.scalingPeakKb !== undefined && r.scalingEntries !== undefined) {
    const growth = r.importPeakKb / r.scalingPeakKb;
    rows.push({
      goal: `import memory bounded: peak RSS at ${r.entries.toLocaleString('en-US')} lines <= ${GOALS.importGrowth}x that at ${r.scalingEntries.toLocaleString('en-US')}`,
      measured: `${mib(r.importPeakKb)} vs ${mib(r.scalingPeakKb)} MiB (x${growth.toFixed(2)})`,
      verdict: verdict(growth <= GOALS.importGrowth),
    });
  }
  return rows;
}
