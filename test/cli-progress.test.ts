/**
 * What `offprint export` draws on a terminal: the progress bar redrawn in place, warnings as readable
 * lines below it (the bar stays on top), and, when stderr is no terminal, plain lines; with
 * `--log-format json`, records for JSON log lines instead; log records made readable for warning lines.
 */
import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { formatLogLine, readableLogDestination } from '../server/cli/logLines.js';
import { ProgressDisplay, type ProgressRecord } from '../server/cli/progress.js';
import { createLogger } from '../server/logger.js';
import { FakeTerminal } from './helpers/terminal.js';

const at = (pagesDone: number, currentPage: string) =>
  ({ phase: 'rendering', pagesDone, pagesTotal: 4, currentPage }) as const;

/** A stream that is no terminal (plain lines), and what was written to it. */
function plainStream(): { out: PassThrough; chunks: string[] } {
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  return { out, chunks };
}

/** A display whose clock moves one second per reading, so every update draws. */
function display(stream: FakeTerminal | PassThrough): ProgressDisplay {
  let now = 0;
  return new ProgressDisplay(stream, () => (now += 10_000));
}

describe('the export progress display on a terminal', () => {
  it('keeps the bar on its line above the warnings, redrawing it there, and removes it at the end', () => {
    const term = new FakeTerminal(100, 24);
    const progress = display(term);
    progress.update(at(1, '/a'));
    expect(term.screen()).toEqual([expect.stringMatching(/^\[#{6}-{18}\] 1\/4 pages {2}25% .* {2}\/a$/)]);
    progress.note('warning: export: page error (page: /a)');
    progress.note('warning: export: link to a missing anchor, now to its page (file: b.html, href: #x)');
    progress.update(at(3, '/c'));
    const screen = term.screen();
    expect(screen.slice(1)).toEqual([
      'warning: export: page error (page: /a)',
      'warning: export: link to a missing anchor, now to its page (file: b.html, href: #x)',
    ]);
    expect(screen[0]).toMatch(/^\[#{18}-{6}\] 3\/4 pages {2}75% .* {2}\/c$/);
    // The cursor is back below the warnings, where the next one goes.
    expect(term.cursorRow()).toBe(3);
    progress.finish();
    expect(term.screen()).toEqual(screen.slice(1));
    expect(term.cursorRow()).toBe(2);
  });

  it('counts a warning wider than the terminal as the rows it wraps to', () => {
    const term = new FakeTerminal(40, 24);
    const progress = display(term);
    progress.update(at(1, '/a'));
    progress.note(`warning: ${'x'.repeat(70)}`);
    progress.update(at(2, '/b'));
    const screen = term.screen();
    expect(screen[0]).toMatch(/^\[#{12}-{12}\] 2\/4 pages/);
    expect(screen.slice(1).join('')).toBe(`warning: ${'x'.repeat(70)}`);
  });

  it('starts a new bar at the bottom once the warnings pushed the old one out of view', () => {
    const term = new FakeTerminal(80, 5);
    const progress = display(term);
    progress.update(at(1, '/a'));
    for (let i = 1; i <= 5; i++) progress.note(`warning: number ${i}`);
    progress.update(at(2, '/b'));
    const screen = term.screen();
    expect(screen.slice(1, 6)).toEqual([1, 2, 3, 4, 5].map((i) => `warning: number ${i}`));
    expect(screen[6]).toMatch(/2\/4 pages/);
  });

  it('prints warnings that come before the first bar as plain lines, the bar below them', () => {
    const term = new FakeTerminal();
    const progress = display(term);
    progress.note('warning: early');
    progress.update(at(1, '/a'));
    expect(term.screen()).toEqual(['warning: early', expect.stringMatching(/1\/4 pages/)]);
  });
});

describe('the export progress display elsewhere', () => {
  it('writes progress and warnings as plain lines, with no control characters', () => {
    const { out, chunks } = plainStream();
    const progress = display(out);
    progress.update(at(1, '/a'));
    progress.note('warning: one');
    progress.finish();
    expect(chunks.join('')).toBe('export: 1/4 pages, 25%, ETA --\nwarning: one\n');
  });

  it("estimates the egress check's time left from its own pace, not rendering's", () => {
    const { out, chunks } = plainStream();
    const progress = display(out);
    const proving = (done: number) =>
      ({ phase: 'proving', pagesDone: 4, pagesTotal: 4, currentPage: null, checked: { done, total: 8 } }) as const;
    // Rendering took 10 s a page; the check then does 2 page loads in 10 s: 6 left take 30 s.
    progress.update(at(1, '/a'));
    progress.update(at(4, '/d'));
    progress.update(proving(0));
    progress.update(proving(2));
    expect(chunks.join('').split('\n').slice(2, 4)).toEqual([
      'Checking that no page reaches outside the bundle... 0/8 page loads, ETA --',
      'Checking that no page reaches outside the bundle... 2/8 page loads, ETA 30s',
    ]);
  });

  it('estimates a resumed check from the loads it does itself, not those an interrupted run checked', () => {
    const { out, chunks } = plainStream();
    const progress = display(out);
    const proving = (done: number, total: number) =>
      ({ phase: 'proving', pagesDone: 4, pagesTotal: 4, currentPage: null, checked: { done, total } }) as const;
    // The check's first report comes before it has counted (0/0), the next says 60 of 80 were checked
    // before the interruption; 2 loads then take 10 s: the 18 left take 90 s (not 18 * 10 / 62 s).
    progress.update(at(4, '/d'));
    progress.update(proving(0, 0));
    progress.update(proving(60, 80));
    progress.update(proving(62, 80));
    expect(chunks.join('').split('\n').slice(-2, -1)).toEqual([
      'Checking that no page reaches outside the bundle... 62/80 page loads, ETA 1m30s',
    ]);
  });

  it('names the check without a count until it has counted its page loads', () => {
    const { out, chunks } = plainStream();
    const progress = display(out);
    const proving = (done: number, total: number) =>
      ({ phase: 'proving', pagesDone: 4, pagesTotal: 4, currentPage: null, checked: { done, total } }) as const;
    progress.update(at(4, '/d'));
    progress.update(proving(0, 0));
    progress.update(proving(0, 8));
    expect(chunks.join('').split('\n').slice(1, 3)).toEqual([
      'Checking that no page reaches outside the bundle...',
      'Checking that no page reaches outside the bundle... 0/8 page loads, ETA --',
    ]);
  });

  it('says how many loads the last export proved, and estimates from the loads the check opens', () => {
    const { out, chunks } = plainStream();
    const progress = display(out);
    const checked = (done: number) => ({ done, total: 80, reused: 76 });
    // 76 of 80 loads were proved by the last export; 2 opened in 10 s: the 2 left take 10 s.
    progress.update(at(4, '/d'));
    progress.update({ phase: 'proving', pagesDone: 4, pagesTotal: 4, currentPage: null, checked: checked(76) });
    progress.update({ phase: 'proving', pagesDone: 4, pagesTotal: 4, currentPage: null, checked: checked(78) });
    expect(chunks.join('').split('\n').slice(-2, -1)).toEqual([
      'Checking that no page reaches outside the bundle... 78/80 page loads (76 proved by the last export), ETA 10s',
    ]);
  });
});

describe('the export progress display, pages taken from the last export', () => {
  it('says how many pages the last export gave, and estimates from the pages rendered after them', () => {
    const { out, chunks } = plainStream();
    const progress = display(out);
    const rendering = (pagesDone: number, pagesReused: number) =>
      ({ phase: 'rendering', pagesDone, pagesTotal: 10, currentPage: null, pagesReused }) as const;
    // 6 pages come from the last export at once; one is then rendered in 10 s: the 3 left take 30 s.
    progress.update(rendering(1, 1));
    progress.update(rendering(6, 6));
    progress.update(rendering(7, 6));
    expect(chunks.join('').split('\n').slice(-2, -1)).toEqual([
      'export: 7/10 pages (6 from the last export), 70%, ETA 30s',
    ]);
    expect(progress.pagesReused).toBe(6);
  });
});

describe('the export progress display as records (--log-format json)', () => {
  it('hands each report on as a record with its counts and time left, and draws nothing', () => {
    const term = new FakeTerminal();
    const records: ProgressRecord[] = [];
    let now = 0;
    const progress = new ProgressDisplay(
      term,
      () => (now += 10_000),
      (record) => records.push(record),
    );
    const proving = (done: number) =>
      ({ phase: 'proving', pagesDone: 4, pagesTotal: 4, currentPage: null, checked: { done, total: 8 } }) as const;
    progress.update(at(1, '/a'));
    progress.update(at(4, '/d'));
    progress.update({ phase: 'assembling', pagesDone: 4, pagesTotal: 4, currentPage: null });
    progress.update(proving(0));
    progress.update(proving(2));
    progress.finish();
    expect(records).toEqual([
      { phase: 'rendering', pagesDone: 1, pagesTotal: 4, pagesReused: 0, etaMs: null },
      { phase: 'rendering', pagesDone: 4, pagesTotal: 4, pagesReused: 0, etaMs: 0 },
      { phase: 'assembling', pagesDone: 4, pagesTotal: 4, etaMs: null },
      { phase: 'proving', pagesDone: 4, pagesTotal: 4, loadsDone: 0, loadsTotal: 8, loadsReused: 0, etaMs: null },
      { phase: 'proving', pagesDone: 4, pagesTotal: 4, loadsDone: 2, loadsTotal: 8, loadsReused: 0, etaMs: 30_000 },
    ]);
    expect(term.screen()).toEqual([]);
  });

  it('hands on a step of a phase at most every few seconds, its first and last always', () => {
    const records: ProgressRecord[] = [];
    let now = 0;
    const progress = new ProgressDisplay(
      plainStream().out,
      () => (now += 1_000),
      (record) => records.push(record),
    );
    for (let done = 1; done <= 4; done++) progress.update(at(done, `/${done}`));
    expect(records.map((record) => record.pagesDone)).toEqual([1, 4]);
  });
});

describe('readable log lines', () => {
  it('turns a record into level, message and its fields, errors by their message', () => {
    const line = JSON.stringify({
      level: 40,
      time: 1,
      pid: 2,
      hostname: 'h',
      app: 'offprint',
      msg: 'export: page error',
      page: '/guides/x',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n at x' },
      counts: { a: 1 },
    });
    expect(formatLogLine(line)).toBe('warning: export: page error (page: /guides/x, err: boom, counts: {"a":1})');
    expect(formatLogLine(line, { color: true })).toBe(
      '\x1b[33mwarning\x1b[0m: export: page error (page: /guides/x, err: boom, counts: {"a":1})',
    );
    // A server's log starts each line with the record's local time.
    expect(formatLogLine(line, { time: true })).toMatch(
      /^\d\d:\d\d:\d\d warning: export: page error \(page: \/guides\/x,/,
    );
    expect(formatLogLine('not json')).toBe('not json');
  });

  it('is what the logger writes through its destination', () => {
    const lines: string[] = [];
    const logger = createLogger(
      'warn',
      readableLogDestination((l) => lines.push(l)),
    );
    logger.info('not shown');
    logger.warn({ path: '/img/a.png' }, 'export: a page refers to a file the site does not have');
    logger.error(new Error('disk full'), 'could not write');
    expect(lines).toEqual([
      'warning: export: a page refers to a file the site does not have (path: /img/a.png)',
      'error: could not write (err: disk full)',
    ]);
  });
});
