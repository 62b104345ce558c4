/**
 * The egress check's journal (server/export/egress/journal.ts) on a real file: loads recorded by one run
 * come back to the next run of the same check; another check (another bundle, another browser) starts
 * over; a line torn by a killed process costs only that load; the key follows every file's bytes.
 */
import { readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleDigest, CheckJournal, checkKey } from '../server/export/egress/journal.js';
import { tempDir } from './helpers/dataDirs.js';

const KEY = checkKey({ bundle: 'b1', chromiumVersion: 'Chrome/1' });
const tracker = { kind: 'http', url: 'https://tracker.example/t.js', blocked: true } as const;
const missing = { kind: 'missing-file', detail: '_assets/gone.js (net::ERR_FILE_NOT_FOUND)' } as const;

function journalFile(): string {
  return join(tempDir('offprint-journal-'), 'egress-check.jsonl');
}

describe('the egress check journal', () => {
  it('gives the next run of the same check every load recorded, with its attempts and errors', () => {
    const file = journalFile();
    const first = CheckJournal.open(file, KEY);
    expect(first.restored.size).toBe(0);
    first.record('index.html', 'file', [], []);
    first.record('guide.html', 'file', [tracker], [missing]);
    first.record('index.html', 'http', [], []);

    const next = CheckJournal.open(file, KEY);
    expect([...next.restored.keys()].sort()).toEqual(['file guide.html', 'file index.html', 'http index.html']);
    expect(next.restored.get(CheckJournal.id('guide.html', 'file'))).toMatchObject({
      attempts: [tracker],
      errors: [missing],
    });
    // Going on from there keeps what came before.
    next.record('guide.html', 'http', [], []);
    expect(CheckJournal.open(file, KEY).restored.size).toBe(4);
  });

  it('starts over for another check of the same folder (another bundle or browser)', () => {
    const file = journalFile();
    CheckJournal.open(file, KEY).record('index.html', 'file', [], []);
    const other = CheckJournal.open(file, checkKey({ bundle: 'b2', chromiumVersion: 'Chrome/1' }));
    expect(other.restored.size).toBe(0);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1);
    // Nor does the first check find its loads once the file was started over.
    expect(CheckJournal.open(file, KEY).restored.size).toBe(0);
  });

  it('loses only the load whose line a killed process left torn, and goes on on a line of its own', () => {
    const file = journalFile();
    const journal = CheckJournal.open(file, KEY);
    journal.record('a.html', 'file', [], []);
    appendFileSync(file, '{"file":"b.html","mode":"fi');
    const resumed = CheckJournal.open(file, KEY);
    expect([...resumed.restored.keys()]).toEqual(['file a.html']);
    resumed.record('b.html', 'file', [], []);
    expect([...CheckJournal.open(file, KEY).restored.keys()]).toEqual(['file a.html', 'file b.html']);
  });

  it('ignores lines that are not loads it wrote (unknown kinds, modes or shapes, no errors recorded)', () => {
    const file = journalFile();
    CheckJournal.open(file, KEY);
    appendFileSync(
      file,
      [
        JSON.stringify({ file: 'a.html', mode: 'ftp', attempts: [] }),
        JSON.stringify({
          file: 'b.html',
          mode: 'file',
          attempts: [{ kind: 'carrier-pigeon', url: 'x', blocked: true }],
        }),
        JSON.stringify({ file: 'c.html', mode: 'http', errors: [] }),
        // A line of a check that did not record the errors a load met: that load is opened again.
        JSON.stringify({ file: 'e.html', mode: 'http', attempts: [] }),
        JSON.stringify({ file: 'f.html', mode: 'http', attempts: [], errors: [{ kind: 'typo', detail: 'x' }] }),
        '[1,2,3]',
        JSON.stringify({ file: 'd.html', mode: 'http', attempts: [], errors: [] }),
        '',
      ].join('\n'),
    );
    expect([...CheckJournal.open(file, KEY).restored.keys()]).toEqual(['http d.html']);
  });

  it('starts over on a file that is not a journal', () => {
    const file = journalFile();
    writeFileSync(file, 'not json\n{"file":"a.html","mode":"file","attempts":[]}\n');
    expect(CheckJournal.open(file, KEY).restored.size).toBe(0);
  });

  it("keys a bundle by every file's path, size and bytes, in order", () => {
    const files = [
      { path: 'index.html', size: 10, sha256: 'a'.repeat(64) },
      { path: 'x.css', size: 3, sha256: 'b'.repeat(64) },
    ];
    const digest = bundleDigest(files);
    expect(bundleDigest(files.map((f) => ({ ...f })))).toBe(digest);
    expect(bundleDigest([files[0]!, { ...files[1]!, sha256: 'c'.repeat(64) }])).not.toBe(digest);
    expect(bundleDigest([files[0]!, { ...files[1]!, path: 'y.css' }])).not.toBe(digest);
    expect(bundleDigest([files[0]!])).not.toBe(digest);
  });
});
