/**
 * The export phase's own figures, read from `offprint export`'s plain progress lines on stderr as they
 * come: when rendering, assembly, the egress check and zipping each started, and how far rendering and the
 * check got. A 10,000-page export runs for hours on a small machine, so the bench prints a status line
 * every few minutes (and at each phase change) instead of staying silent until the end, and at the end the
 * time and rate of each phase: what a run that cannot finish still tells, and what an extrapolation needs.
 */

/** The progress lines of `server/cli/progress.ts` (plain mode) that start or advance a phase. */
const PHASE_LINES = [
  { phase: 'render', pattern: /^export: (\d+)\/(\d+) pages/, unit: 'pages' },
  { phase: 'assembly', pattern: /^Assembling the bundle/, unit: null },
  {
    phase: 'check',
    pattern: /^Checking that no page reaches outside the bundle\.\.\. (\d+)\/(\d+) page loads/,
    unit: 'loads',
  },
  { phase: 'zip', pattern: /^Zipping the bundle/, unit: null },
];

/** `1h02m`, `3m05s`, `42s`. */
export function formatSeconds(/** @type {number} */ seconds) {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}

/**
 * @typedef {{ phase: string, unit: string | null, startedAt: number, endedAt: number | null,
 *   firstDone: number, done: number, total: number }} PhaseRecord
 */

/** Follows one export's progress lines; `now` is seconds since the export started. */
export class ExportPhases {
  /** @type {PhaseRecord[]} */
  phases = [];

  /**
   * @param {(line: string) => void} print where status lines go
   * @param {number} everySeconds how often a status line is printed within a phase
   */
  constructor(print, everySeconds = 300) {
    this.print = print;
    this.everySeconds = everySeconds;
    this.lastPrint = 0;
  }

  /** Takes one stderr line at `now` (seconds) with the process's peak RSS so far in bytes. */
  line(/** @type {string} */ text, /** @type {number} */ now, /** @type {number} */ peakRss) {
    const known = PHASE_LINES.find(({ pattern }) => pattern.test(text));
    if (known === undefined) return;
    const match = known.pattern.exec(text);
    const done = match?.[1] === undefined ? 0 : Number(match[1]);
    const total = match?.[2] === undefined ? 0 : Number(match[2]);
    let current = this.phases.at(-1);
    if (current?.phase !== known.phase) {
      if (current !== undefined) current.endedAt = now;
      // A resumed render starts from the pages an earlier run captured: its rate counts this run's only.
      current = { phase: known.phase, unit: known.unit, startedAt: now, endedAt: null, firstDone: done, done, total };
      this.phases.push(current);
      this.status(now, peakRss);
      return;
    }
    current.done = done;
    current.total = total;
    if (now - this.lastPrint >= this.everySeconds) this.status(now, peakRss);
  }

  /** Prints where the export is now. */
  status(/** @type {number} */ now, /** @type {number} */ peakRss) {
    this.lastPrint = now;
    const current = this.phases.at(-1);
    if (current === undefined) return;
    // The check's first line comes before it has counted its page loads (0/0): nothing to say yet.
    const progress =
      current.unit === null || current.total === 0
        ? ''
        : ` ${current.done}/${current.total} ${current.unit}${rateOf(current, now)}`;
    this.print(
      `           [${formatSeconds(now).padStart(6)}] ${current.phase}${progress}, peak RSS so far ${Math.round(peakRss / 2 ** 20)} MB`,
    );
  }

  /**
   * Closes the last phase at `now`; returns the time before the first phase, then each phase's seconds and
   * rate (per second of its own).
   */
  finish(/** @type {number} */ now) {
    const last = this.phases.at(-1);
    if (last !== undefined && last.endedAt === null) last.endedAt = now;
    // Before the first progress line: opening the data dir, loading the site, starting the browser.
    const start =
      this.phases[0] === undefined ? [] : [{ phase: 'start', seconds: Number(this.phases[0].startedAt.toFixed(1)) }];
    const timed = this.phases.map((record) => {
      const seconds = (record.endedAt ?? now) - record.startedAt;
      const counted = record.done - record.firstDone;
      return {
        phase: record.phase,
        seconds: Number(seconds.toFixed(1)),
        ...(record.unit === null
          ? {}
          : {
              done: record.done,
              total: record.total,
              [`${record.unit}PerSecond`]: Number((counted / Math.max(seconds, 0.001)).toFixed(2)),
            }),
      };
    });
    return [...start, ...timed];
  }
}

/** `, 2.31 pages/s` once the phase has run a little, else ''. */
function rateOf(/** @type {PhaseRecord} */ record, /** @type {number} */ now) {
  const seconds = now - record.startedAt;
  if (seconds < 1 || record.unit === null) return '';
  return `, ${((record.done - record.firstDone) / seconds).toFixed(2)} ${record.unit}/s`;
}

/** One line of each phase's time and rate, for the end of an export. */
export function phaseSummary(/** @type {ReturnType<ExportPhases['finish']>} */ figures) {
  return figures
    .map((f) => {
      const rate = Object.entries(f).find(([key]) => key.endsWith('PerSecond'));
      const unit = rate?.[0].replace('PerSecond', '/s');
      return `${f.phase} ${formatSeconds(f.seconds)}${rate === undefined ? '' : ` (${rate[1]} ${unit})`}`;
    })
    .join(', ');
}
